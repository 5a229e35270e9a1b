/**
 * SPEC.md section 7 logActivity's `device` and `operating`, read from navigator.userAgent: the browser and the kind
 * of device ("Chrome on a computer"), and the operating system ("macOS"). Coarse on purpose: enough for a person to
 * recognise their own sign-ins on the Activity page, not a fingerprint.
 */
export function describeUserAgent(userAgent: string): { device: string; operating: string } {
  return { device: `${browserOf(userAgent)} on ${formFactorOf(userAgent)}`, operating: systemOf(userAgent) };
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iPadOS may say "Macintosh".
function browserOf(ua: string): string {
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return "Edge";
  if (/\bOPR\/|\bOpera\b/.test(ua)) return "Opera";
  if (/\bSamsungBrowser\//.test(ua)) return "Samsung Internet";
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return "Firefox";
  // Also "HeadlessChrome/": an automated Chrome is still Chrome.
  if (/Chrom(e|ium)\/|\bCriOS\//.test(ua)) return "Chrome";
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return "Safari";
  return "A browser";
}

function systemOf(ua: string): string {
  if (/\biPhone|\biPad|\biPod/.test(ua)) return "iOS";
  if (/\bAndroid\b/.test(ua)) return "Android";
  if (/\bCrOS\b/.test(ua)) return "ChromeOS";
  if (/\bWindows\b/.test(ua)) return "Windows";
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return "macOS";
  if (/\bLinux\b|\bX11\b/.test(ua)) return "Linux";
  return "Unknown";
}

function formFactorOf(ua: string): string {
  if (/\biPad\b|\bTablet\b/.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua))) return "a tablet";
  if (/\bMobile\b|\biPhone\b|\biPod\b/.test(ua)) return "a phone";
  return "a computer";
}
