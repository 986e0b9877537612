import { data } from "react-router";
import { NotFoundScreen } from "~/components/site/not-found-screen";

export function loader() {
  throw data(null, { status: 404 });
}

export function ErrorBoundary() {
  return <NotFoundScreen />;
}

export default function NotFound() {
  return <NotFoundScreen />;
}
