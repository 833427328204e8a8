import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { notify } from "~/app/components/dialogs";
import { forgotPasswordAction } from "~/app/features/account/auth-actions.server";
import { AuthCard, FormProblem } from "~/app/features/account/auth-card";
import { AUTH_MESSAGES } from "~/app/features/account/auth-messages";
import { useHydrated } from "~/app/features/catalogue/use-hydrated";
import { authPageOptions } from "~/app/lib/auth-options.server";
import { appOf } from "~/app/lib/context.server";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/forgot-password";

export function loader({ context }: Route.LoaderArgs) {
  return authPageOptions(appOf(context));
}

/** The reset mail, then home with the spec's notice (redirect-notice). */
export function action({ request, context }: Route.ActionArgs) {
  return forgotPasswordAction({
    app: appOf(context),
    request,
    address: context.get(clientAddressContext),
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Forgot password | ${loaderData?.shopName ?? "Haat"}` },
    { name: "robots", content: "noindex" },
  ];
}

const EMAIL_REQUIRED = { title: "Email Required", text: AUTH_MESSAGES.emailRequired };

/** The spec's notice for a refusal: its title, and the shop's wait for too many requests. */
function problemOf(failure: { code: string; message: string }) {
  if (failure.code === "email_required") return EMAIL_REQUIRED;
  return { title: "Password Reset Failed", text: failure.message };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  useEffect(() => {
    if (actionData?.ok !== false) return;
    const problem = problemOf(actionData);
    notify({ icon: actionData.code === "email_required" ? "warning" : "error", ...problem });
  }, [actionData]);

  const problem = actionData && !hydrated ? problemOf(actionData) : null;
  return (
    <AuthCard
      title="Forgot password"
      intro="Enter your account's email and we will send you a link to set a new password."
    >
      {problem ? <FormProblem title={problem.title} text={problem.text} /> : null}
      {/* noValidate: an empty email gets the spec's "Email Required" notice, not the browser's bubble */}
      <Form
        method="post"
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          const email = new FormData(event.currentTarget).get("email");
          if (typeof email === "string" && email.trim()) return;
          // Said at once, without a round trip; the action says the same without JavaScript.
          event.preventDefault();
          notify({ icon: "warning", ...EMAIL_REQUIRED });
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="field-email" className="font-medium">
            Email
          </label>
          <input
            id="field-email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.values.email}
            className="input w-full"
          />
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? "Sending..." : "Forgot"}
        </button>
      </Form>
      <p className="text-center">
        Remembered it?{" "}
        <Link className="link font-medium" to="/authentication/login">
          Sign in
        </Link>{" "}
        or{" "}
        <Link className="link font-medium" to="/authentication/register">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
