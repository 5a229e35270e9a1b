/** Where home shows the next check-in deadline and the check-in button: that card arrives with the release engine. */
export function CheckInSlot() {
  return null;
}
