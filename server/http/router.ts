import { OpenAPIHono } from "@hono/zod-openapi";
import { AppError, errorBody, zodIssues } from "../errors";
import type { AppEnv } from "./env";

/**
 * Every API resource builds its routes on this router: declared with zod schemas, so
 * validation and the OpenAPI document come from the same code, and bad input answers
 * 400 in the one error shape.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(
          errorBody(new AppError("invalid", "Some fields are not valid", zodIssues(result.error))),
          400,
        );
      }
    },
  });
}
