import { useEffect } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { notify } from "~/app/components/dialogs";
import {
  leaveIfSignedIn,
  returnPathFor,
  signUpAction,
} from "~/app/features/account/auth-actions.server";
import { AuthCard, Field, FormProblem, OrDivider } from "~/app/features/account/auth-card";
import { SocialSignInButton } from "~/app/features/account/social-sign-in";
import { useHydrated } from "~/app/features/catalogue/use-hydrated";
import { routeMessages } from "~/app/i18n/catalog.server";
import { issueText } from "~/app/i18n/issues";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { authPageOptions } from "~/app/lib/auth-options.server";
import { appOf } from "~/app/lib/context.server";
import { issuesByField } from "~/app/lib/field-issues";
import { ACCOUNT_FIELD_LIMITS } from "~/core/account";
import { requestedReturnPath } from "~/core/return-path";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/register";

export function loader({ request, context }: Route.LoaderArgs) {
  leaveIfSignedIn(request, context);
  return {
    ...authPageOptions(appOf(context)),
    returnTo: returnPathFor(request),
    messages: routeMessages(context, "auth"),
  };
}

/** Success goes home, where the spec's 3-second notice greets the new customer (redirect-notice). */
export function action({ request, context }: Route.ActionArgs) {
  return signUpAction({ app: appOf(context), request, address: context.get(clientAddressContext) });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [
    {
      title: `${metaTranslator(matches).t("auth.register")} | ${loaderData?.shopName ?? "Haat"}`,
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const back = requestedReturnPath(search);
  const loginHref = back
    ? `/authentication/login?redirectTo=${encodeURIComponent(back)}`
    : "/authentication/login";
  const tr = useI18n();
  const { t } = tr;
  const failedTitle = t("auth.signupFailed", { name: actionData?.values.name ?? "" });

  // Spec §8: a warning with the name followed by Signup Failed; the form stays.
  useEffect(() => {
    if (actionData?.ok !== false || actionData.code === "invalid") return;
    notify({ icon: "warning", title: failedTitle, text: issueText(tr, actionData.message) });
  }, [actionData, failedTitle, tr]);

  const issues = actionData ? issuesByField(actionData.issues) : {};
  return (
    <AuthCard title={t("auth.register")} intro={t("auth.register.intro")}>
      {actionData && !hydrated && actionData.code !== "invalid" ? (
        <FormProblem title={failedTitle} text={issueText(tr, actionData.message)} />
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <Field
          label={t("auth.name")}
          name="name"
          autoComplete="name"
          maxLength={ACCOUNT_FIELD_LIMITS.name}
          defaultValue={actionData?.values.name}
          error={issues.name}
        />
        <Field
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={ACCOUNT_FIELD_LIMITS.email}
          defaultValue={actionData?.values.email}
          error={issues.email}
        />
        <Field
          label={t("auth.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={ACCOUNT_FIELD_LIMITS.passwordMin}
          maxLength={ACCOUNT_FIELD_LIMITS.passwordMax}
          hint={t("auth.passwordHint")}
          error={issues.password}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? t("auth.signingUp") : t("auth.signUp")}
        </button>
      </Form>
      <OrDivider />
      <SocialSignInButton
        provider={loaderData.socialProvider}
        label={t("auth.continueGoogle")}
        returnTo={loaderData.returnTo}
      />
      <p className="text-center">
        {t("auth.haveAccount")}{" "}
        <Link className="link font-medium" to={loginHref}>
          {t("auth.login")}
        </Link>
      </p>
    </AuthCard>
  );
}
