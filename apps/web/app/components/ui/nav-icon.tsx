import { Icon, type IconName } from "./icon.tsx";

// The side panel needs three shapes the site's icon set lacks; drawn on the same 24 px grid and stroke.
const extra = {
  home: <path d="M3.5 10.5 12 4l8.5 6.5M6 9v10.5h4.5v-6h3v6H18V9" />,
  settings: (
    <>
      <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
      <circle cx="15" cy="7" r="2" />
      <circle cx="9" cy="17" r="2" />
    </>
  ),
  more: (
    <>
      <circle cx="6" cy="12" r="1.25" />
      <circle cx="12" cy="12" r="1.25" />
      <circle cx="18" cy="12" r="1.25" />
    </>
  ),
};

export type NavIconName = IconName | keyof typeof extra;

/** A decorative icon for the signed-in menu; the link text carries the meaning. */
export function NavIcon({ name, className = "size-5" }: { name: NavIconName; className?: string }) {
  if (!(name in extra)) return <Icon name={name as IconName} className={className} />;
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {extra[name as keyof typeof extra]}
    </svg>
  );
}
