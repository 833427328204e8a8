import { RouterContextProvider } from "react-router";
import { actorMiddleware, langMiddleware } from "~/app/lib/context.server";
import type { AppContext } from "~/server/app-context";
import { appContext } from "~/server/http/router-context";

/** What a route action answered (or threw): its status, data, redirect target and headers. */
export type ActionAnswer = {
  status: number;
  data: unknown;
  location: string | null;
  headers: Headers;
  thrown: boolean;
};

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

/** React Router's `data(value, init)` (its class is not exported at runtime). */
function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

function answerOf(value: unknown, thrown: boolean): ActionAnswer {
  if (value instanceof Response) {
    return {
      status: value.status,
      data: null,
      location: value.headers.get("location"),
      headers: value.headers,
      thrown,
    };
  }
  if (isDataWithInit(value)) {
    return {
      status: value.init?.status ?? 200,
      data: value.data,
      location: null,
      headers: new Headers(value.init?.headers),
      thrown,
    };
  }
  if (thrown) throw value;
  return { status: 200, data: value, location: null, headers: new Headers(), thrown };
}

type ActionFn = (args: never) => unknown;

/** What root's middleware puts in the context: the page's language and who is calling. */
async function rootMiddleware(request: Request, context: RouterContextProvider): Promise<void> {
  const args = { request, context, params: {}, url: new URL(request.url), pattern: "" } as never;
  await langMiddleware(args, async () => new Response());
  await actorMiddleware(args, async () => new Response());
}

/**
 * Posts a form to a route module's action as React Router would after the root middleware: the
 * app context and the signed-in user (from the session cookie) in the router context.
 */
export async function postToAction(
  ctx: AppContext,
  action: ActionFn,
  options: {
    path: string;
    form: Record<string, string | string[]>;
    cookie?: string;
    params?: Record<string, string>;
  },
): Promise<ActionAnswer> {
  const body = new FormData();
  for (const [key, value] of Object.entries(options.form)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  const request = new Request(`http://localhost:3000${options.path}`, {
    method: "POST",
    body,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const context = new RouterContextProvider();
  context.set(appContext, ctx);
  await rootMiddleware(request, context);
  try {
    const args = { request, context, params: options.params ?? {} };
    return answerOf(await action(args as never), false);
  } catch (err) {
    return answerOf(err, true);
  }
}

/**
 * Calls a route module's loader as React Router would after the root middleware (the app
 * context and the signed-in user from the cookie); what it throws (a redirect, a page error)
 * comes back as the answer with `thrown: true`.
 */
export async function callLoader(
  ctx: AppContext,
  loader: ActionFn,
  options: { path: string; cookie?: string; params?: Record<string, string> },
): Promise<ActionAnswer> {
  const request = new Request(`http://localhost:3000${options.path}`, {
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const context = new RouterContextProvider();
  context.set(appContext, ctx);
  await rootMiddleware(request, context);
  try {
    const args = { request, context, params: options.params ?? {} };
    return answerOf(await loader(args as never), false);
  } catch (err) {
    return answerOf(err, true);
  }
}
