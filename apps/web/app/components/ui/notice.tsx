import type { ReactNode } from "react";
import { Icon } from "./icon.tsx";

const tones = {
  info: { box: "border-accent/40 bg-accent-soft text-ink", icon: "info" as const, iconClass: "text-accent" },
  warning: { box: "border-brass/40 bg-brass-soft text-ink", icon: "alert" as const, iconClass: "text-brass" },
  danger: {
    box: "border-danger/40 bg-danger-soft text-ink",
    icon: "alert" as const,
    iconClass: "text-danger",
  },
  success: {
    box: "border-success/40 bg-success-soft text-ink",
    icon: "check" as const,
    iconClass: "text-success",
  },
};

/** A callout box with an icon; the tone is never the only signal, the text always says what is going on. */
export function Notice({
  tone = "info",
  title,
  children,
  className = "",
}: {
  tone?: keyof typeof tones;
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  const t = tones[tone];
  return (
    <div className={`flex gap-3 rounded-xl border p-4 ${t.box} ${className}`}>
      <Icon name={t.icon} className={`mt-0.5 size-5 shrink-0 ${t.iconClass}`} />
      <div className="min-w-0 text-[0.9375rem] leading-relaxed">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className={title ? "mt-1" : ""}>{children}</div>
      </div>
    </div>
  );
}
