/** The sign-in pages' words (spec §5/§8), shared by the actions and the pages. */
export const AUTH_MESSAGES = {
  loginFallback: "An error occurred",
  emailRequired: "Please provide your email address to reset the password.",
  resetFailed: "Password reset failed. Please try again later.",
  invalidLink:
    "This password reset link is not valid or has expired. Links work once, for one hour: please ask for a new one.",
  passwordsDiffer: "The two passwords do not match.",
  verificationFailed: "The email could not be sent. Please try again later.",
} as const;
