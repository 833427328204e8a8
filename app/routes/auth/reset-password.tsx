import { useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { resetLinkLive, resetPasswordAction } from "~/app/features/account/auth-actions.server";
import { AuthCard, Field } from "~/app/features/account/auth-card";
import { AUTH_MESSAGES } from "~/app/features/account/auth-messages";
import { routeMessages } from "~/app/i18n/catalog.server";
import { issueText } from "~/app/i18n/issues";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { authPageOptions } from "~/app/lib/auth-options.server";
import { appOf } from "~/app/lib/context.server";
import { issuesByField } from "~/app/lib/field-issues";
import { ACCOUNT_FIELD_LIMITS } from "~/core/account";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/reset-password";

/** Whether the emailed link still works is said on arrival, not after the form is filled in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  return {
    ...authPageOptions(app),
    messages: routeMessages(context, "auth"),
    linkLive: await resetLinkLive(app, request),
  };
}

/** The new password, then the login page with the notice (redirect-notice). */
export function action({ request, context }: Route.ActionArgs) {
  return resetPasswordAction({
    app: appOf(context),
    request,
    address: context.get(clientAddressContext),
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [
    {
      title: `${metaTranslator(matches).t("auth.reset.title")} | ${loaderData?.shopName ?? "Haat"}`,
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const token = loaderData.linkLive ? (search.get("token") ?? "") : "";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  // The two fields are compared at once in the browser; the action compares them again.
  const [mismatch, setMismatch] = useState(false);
  const tr = useI18n();
  const { t } = tr;
  const problem = !token
    ? AUTH_MESSAGES.invalidLink
    : mismatch
      ? AUTH_MESSAGES.passwordsDiffer
      : actionData?.message;
  // A mismatch found in the browser replaces the last answer's field issues; a refusal that is
  // a field's own is said under that field only.
  const issues = actionData && !mismatch ? issuesByField(actionData.issues) : {};
  const saidUnderField = problem !== undefined && Object.values(issues).includes(problem);

  return (
    <AuthCard title={t("auth.reset.title")}>
      {problem && !saidUnderField ? (
        <div role="alert" className="alert alert-error">
          <span>{issueText(tr, problem)}</span>
        </div>
      ) : null}
      {token ? (
        <Form
          method="post"
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            const differ = form.get("password") !== form.get("confirm");
            setMismatch(differ);
            if (differ) event.preventDefault();
          }}
        >
          <input type="hidden" name="token" value={token} />
          <Field
            label={t("auth.newPassword")}
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={ACCOUNT_FIELD_LIMITS.passwordMin}
            maxLength={ACCOUNT_FIELD_LIMITS.passwordMax}
            hint={t("auth.passwordHint")}
            error={issues.password}
          />
          <Field
            label={t("auth.confirmPassword")}
            name="confirm"
            type="password"
            autoComplete="new-password"
            minLength={ACCOUNT_FIELD_LIMITS.passwordMin}
            maxLength={ACCOUNT_FIELD_LIMITS.passwordMax}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? t("auth.saving") : t("auth.savePassword")}
          </button>
        </Form>
      ) : null}
      <p className="text-center">
        <Link className="link font-medium" to="/authentication/forgot-password">
          {t("auth.newLink")}
        </Link>{" "}
        ·{" "}
        <Link className="link font-medium" to="/authentication/login">
          {t("auth.signInLink")}
        </Link>
      </p>
    </AuthCard>
  );
}
