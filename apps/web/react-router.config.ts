import type { Config } from "@react-router/dev/config";

// Public pages are rendered on the server so that they arrive as HTML (search engines, no-JS readers, speed);
// the signed-in area opts out per route with clientLoader + HydrateFallback.
export default {
  appDirectory: "app",
  ssr: true,
} satisfies Config;
