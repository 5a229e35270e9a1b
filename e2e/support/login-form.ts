import type { Page } from "playwright-core";
import { expect } from "vitest";

// The /Login form as the journeys drive it.

/** Fills the login form once the page can run it (the button is disabled until then) and submits. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const button = page.getByRole("button", { name: "Sign in", exact: true });
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await button.click();
}

/** The status of the next POST /api/auth/sign-in/email the page makes. */
export async function signInAnswer(page: Page): Promise<number> {
  const response = await page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"), {
    timeout: 30_000,
  });
  return response.status();
}

/** The text of the error summary once it appears. */
export async function signInError(page: Page): Promise<string> {
  const error = page.getByTestId("sign-in-error");
  await error.waitFor({ timeout: 30_000 });
  return (await error.textContent()) ?? "";
}
