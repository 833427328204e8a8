import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { notify } from "~/app/components/dialogs";
import { forgotPasswordAction } from "~/app/features/account/auth-actions.server";
import { AuthCard, Field, FormProblem } from "~/app/features/account/auth-card";
import { AUTH_MESSAGES } from "~/app/features/account/auth-messages";
import { useHydrated } from "~/app/features/catalogue/use-hydrated";
import { routeMessages } from "~/app/i18n/catalog.server";
import { issueText } from "~/app/i18n/issues";
import type { Translator } from "~/app/i18n/translator";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { authPageOptions } from "~/app/lib/auth-options.server";
import { appOf } from "~/app/lib/context.server";
import { issuesByField } from "~/app/lib/field-issues";
import { ACCOUNT_FIELD_LIMITS } from "~/core/account";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/forgot-password";

export function loader({ context }: Route.LoaderArgs) {
  return { ...authPageOptions(appOf(context)), messages: routeMessages(context, "auth") };
}

/** The reset mail, then home with the spec's notice (redirect-notice). */
export function action({ request, context }: Route.ActionArgs) {
  return forgotPasswordAction({
    app: appOf(context),
    request,
    address: context.get(clientAddressContext),
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [
    {
      title: `${metaTranslator(matches).t("auth.forgot.title")} | ${loaderData?.shopName ?? "Haat"}`,
    },
    { name: "robots", content: "noindex" },
  ];
}

const emailRequired = (tr: Translator) => ({
  title: tr.t("auth.emailRequired.title"),
  text: issueText(tr, AUTH_MESSAGES.emailRequired),
});

/** The spec's notice for a refusal: its title, and the shop's wait for too many requests. */
function problemOf(failure: { code: string; message: string }, tr: Translator) {
  if (failure.code === "email_required") return emailRequired(tr);
  return { title: tr.t("auth.resetFailed.title"), text: issueText(tr, failure.message) };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const tr = useI18n();
  const { t } = tr;

  useEffect(() => {
    // A refusal of the field itself is shown under it (a malformed or overlong address).
    if (actionData?.ok !== false || actionData.code === "invalid") return;
    const problem = problemOf(actionData, tr);
    notify({ icon: actionData.code === "email_required" ? "warning" : "error", ...problem });
  }, [actionData, tr]);

  const problem =
    actionData && !hydrated && actionData.code !== "invalid" ? problemOf(actionData, tr) : null;
  const issues = actionData ? issuesByField(actionData.issues) : {};
  return (
    <AuthCard title={t("auth.forgot.title")} intro={t("auth.forgot.intro")}>
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
          notify({ icon: "warning", ...emailRequired(tr) });
        }}
      >
        <Field
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          required={false}
          maxLength={ACCOUNT_FIELD_LIMITS.email}
          defaultValue={actionData?.values.email}
          // "Email Required" is the spec's notice above (or its dialog), not said twice.
          error={actionData?.code === "email_required" ? undefined : issues.email}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? t("auth.sending") : t("auth.forgot.submit")}
        </button>
      </Form>
      <p className="text-center">
        {t("auth.remembered")}{" "}
        <Link className="link font-medium" to="/authentication/login">
          {t("auth.signInLink")}
        </Link>{" "}
        {t("auth.or")}{" "}
        <Link className="link font-medium" to="/authentication/register">
          {t("auth.signUpLink")}
        </Link>
      </p>
    </AuthCard>
  );
}
