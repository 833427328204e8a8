import type { MailMessage } from "./mailer";

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function linkMail(options: {
  to: string;
  shopName: string;
  subject: string;
  greetingName: string;
  lead: string;
  action: string;
  link: string;
  after: string;
}): MailMessage {
  const { shopName, greetingName, lead, action, link, after } = options;
  const text = `Hello ${greetingName},\n\n${lead}\n\n${action}: ${link}\n\n${after}\n\n— ${shopName}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>Hello ${escapeHtml(greetingName)},</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#15803d;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:14px">Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="font-size:14px">${escapeHtml(after)}</p>
<p>— ${escapeHtml(shopName)}</p>
</body></html>`;
  return { to: options.to, subject: options.subject, text, html, link };
}

export function passwordResetMail(o: {
  to: string;
  name: string;
  shopName: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  return linkMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Reset your ${o.shopName} password`,
    greetingName: o.name,
    lead: `Someone asked to reset the password of your ${o.shopName} account. The link works once, for ${o.validMinutes} minutes.`,
    action: "Set a new password",
    link: o.link,
    after: "If you did not ask for this, ignore this email: your password stays as it is.",
  });
}

export function verifyEmailMail(o: {
  to: string;
  name: string;
  shopName: string;
  link: string;
}): MailMessage {
  return linkMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Confirm your email for ${o.shopName}`,
    greetingName: o.name,
    lead: `Welcome to ${o.shopName}! Please confirm that this is your email address.`,
    action: "Confirm my email",
    link: o.link,
    after: "If you did not create an account, ignore this email.",
  });
}

/** To the owner of an address someone tried to sign up with (sign-up answers the same either way). */
export function existingAccountMail(o: {
  to: string;
  name: string;
  shopName: string;
  link: string;
}): MailMessage {
  return linkMail({
    to: o.to,
    shopName: o.shopName,
    subject: `You already have a ${o.shopName} account`,
    greetingName: o.name,
    lead: `Someone tried to create a ${o.shopName} account with this email address, which already has one. If it was you, sign in (with your password or Google), or reset your password from the sign-in page if you forgot it.`,
    action: "Sign in",
    link: o.link,
    after: "If it was not you, ignore this email: nothing has changed.",
  });
}
