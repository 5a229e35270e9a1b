import { data } from "react-router";

// Any path no other route claims: answer 404 so the root error boundary shows the error page with that status.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
