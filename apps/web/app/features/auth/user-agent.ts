// Shared with the server, which tells a new device's sign-in from a known one with the same reading.
export { describeUserAgent } from "@heirloom/contract";
