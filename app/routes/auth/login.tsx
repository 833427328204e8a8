import { useEffect } from "react";
import { Form, Link, useNavigate, useNavigation, useSearchParams } from "react-router";
import { notify } from "~/app/components/dialogs";
import {
  leaveIfSignedIn,
  returnPathFor,
  signInAction,
  socialSignInStart,
} from "~/app/features/account/auth-actions.server";
import { AuthCard, Field, FormProblem, OrDivider } from "~/app/features/account/auth-card";
import { SocialSignInButton, SocialSignInStep } from "~/app/features/account/social-sign-in";
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
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("oauth") === "start") {
    throw await socialSignInStart(
      { app: appOf(context), request, address: context.get(clientAddressContext) },
      url,
    );
  }
  // A provider sign-in's last step (`?oauth=done` in its popup) is shown to the new session.
  if (!url.searchParams.has("oauth")) leaveIfSignedIn(request, context);
  return {
    ...authPageOptions(appOf(context)),
    returnTo: returnPathFor(request),
    messages: routeMessages(context, "auth"),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction({
    app: appOf(context),
    request,
    address: context.get(clientAddressContext),
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [
    { title: `${metaTranslator(matches).t("auth.login")} | ${loaderData?.shopName ?? "Haat"}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const tr = useI18n();
  const { t } = tr;

  // Spec §8: Login Failed with the provider's message, then home (the notice stays over it).
  // Without JavaScript the page itself shows the same words instead.
  useEffect(() => {
    if (actionData?.ok !== false || actionData.code === "invalid") return;
    notify({
      icon: "warning",
      title: t("auth.login.failed"),
      text: issueText(tr, actionData.message),
    });
    navigate("/", { replace: true });
  }, [actionData, navigate, t, tr]);

  const step = search.get("oauth");
  if (step === "done" || step === "error") {
    return <SocialSignInStep step={step} />;
  }

  const back = requestedReturnPath(search);
  const registerHref = back
    ? `/authentication/register?redirectTo=${encodeURIComponent(back)}`
    : "/authentication/register";
  const issues = actionData ? issuesByField(actionData.issues) : {};

  return (
    <AuthCard title={t("auth.login")} intro={t("auth.login.intro")}>
      {actionData && !hydrated && actionData.code !== "invalid" ? (
        <FormProblem title={t("auth.login.failed")} text={issueText(tr, actionData.message)} />
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <input
          type="hidden"
          name="redirectTo"
          value={actionData?.values.redirectTo ?? loaderData.returnTo}
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
          autoComplete="current-password"
          maxLength={ACCOUNT_FIELD_LIMITS.passwordMax}
          error={issues.password}
        />
        <div className="-mt-2 text-right">
          <Link className="link font-medium text-sm" to="/authentication/forgot-password">
            {t("auth.forgot")}
          </Link>
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? t("auth.signingIn") : t("auth.signIn")}
        </button>
      </Form>
      <OrDivider />
      <SocialSignInButton
        provider={loaderData.socialProvider}
        label={t("auth.google")}
        returnTo={loaderData.returnTo}
      />
      <p className="text-center">
        {t("auth.newHere")}{" "}
        <Link className="link font-medium" to={registerHref}>
          {t("auth.register")}
        </Link>
      </p>
    </AuthCard>
  );
}
