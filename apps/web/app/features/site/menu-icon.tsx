/**
 * The hamburger that turns into a close cross. SPEC.md section 9: "Menu icon delay: 400 ms" — each bar's
 * transform and opacity transition over 400 ms, so the icon settles into its new shape 400 ms after a toggle.
 * People who ask for reduced motion get the final shape at once.
 */
export function MenuIcon({ open }: { open: boolean }) {
  const bar =
    "absolute left-0 h-0.5 w-6 rounded-full bg-current transition-[transform,opacity] duration-[400ms] ease-in-out motion-reduce:transition-none";
  return (
    <span aria-hidden="true" className="relative block h-[18px] w-6">
      <span className={`${bar} top-0 ${open ? "translate-y-2 rotate-45" : ""}`} />
      <span className={`${bar} top-2 ${open ? "opacity-0" : "opacity-100"}`} />
      <span className={`${bar} top-4 ${open ? "-translate-y-2 -rotate-45" : ""}`} />
    </span>
  );
}
