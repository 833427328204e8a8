import { useRouteLoaderData } from "react-router";
import type { loader } from "../root";

/** The root loader's data (signed-in user and shop details) for any route or component. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("root loader data is missing");
  return data;
}
