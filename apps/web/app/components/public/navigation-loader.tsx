export function NavigationLoader() {
  return null;
}
