import { data } from "react-router";

// An unknown page under /app or /account. On the server (the first request) the answer is a real 404, rendered by the
// root error boundary as the 404 page; on navigations inside the signed-in area the browser does the same.
export function loader() {
  throw data(null, { status: 404 });
}

export function clientLoader() {
  throw data(null, { status: 404 });
}

export default function AppNotFound() {
  return null;
}
