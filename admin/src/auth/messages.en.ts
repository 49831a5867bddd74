/** Texts of the password screens: /forgot-password, /reset-password, /verify-email and the change-password form. */
export const passwordMessages = {
  forgot: {
    title: 'Forgot password?',
    text: 'Enter the email address of your account and we will send you a link to choose a new password.',
    email: 'Email',
    submit: 'Send reset link',
    sent: 'If an account exists for this email, we have sent a link to reset the password. Please check your inbox.',
    failed: 'The reset link could not be sent. Please try again.',
    back: 'Back to Sign In',
  },
  reset: {
    title: 'Choose a new password',
    text: 'Enter a new password for your account. It must be at least 8 characters long, not a common password, and must not contain your name, email or company name.',
    password: 'New password',
    confirm_password: 'Confirm new password',
    submit: 'Reset password',
    success: 'Your password has been reset. Please sign in with your new password.',
    failed: 'The password could not be reset. Please try again.',
    invalid_link: 'This password reset link is invalid or has expired. Please request a new one.',
    request_new: 'Request a new link',
    back: 'Back to Sign In',
  },
  verify_email: {
    title: 'Confirm your e-mail address',
    checking: 'Confirming your e-mail address…',
    success: 'Thank you: your e-mail address is confirmed.',
    failed: 'Your e-mail address could not be confirmed. Please try again.',
    invalid_link: 'This confirmation link is invalid or has expired. Sign in and ask for a new one.',
    back: 'Go to Sign In',
  },
  change_password: {
    title: 'Change password',
    subtitle: 'Changing the password signs you out on every other device.',
    current: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    submit: 'Change password',
    success: 'Password changed successfully',
    failed: 'The password could not be changed',
  },
};

/** Texts of /accept-invitation (an employee's invitation link) and /start (a self-registered client's first screen). */
export const invitationMessages = {
  accept_invitation: {
    title: 'Join %{company}',
    loading: 'Checking your invitation…',
    text: '%{company} invites you to HR Platform. Choose a password to sign in with %{email}.',
    existing_account:
      'You already have an account with this email: accepting attaches it to %{company}, and the password you choose here becomes its password.',
    rules: 'At least 8 characters, not a common password, and not containing your name, email or company name.',
    password: 'Password',
    confirm_password: 'Confirm password',
    submit: 'Accept and sign in',
    success: 'Welcome! Your account is ready.',
    failed: 'The invitation could not be accepted. Please try again.',
    invalid_link: 'This invitation link is invalid. Ask your company to send you a new one.',
    back: 'Back to Sign In',
  },
  start: {
    title: 'Welcome, %{name}',
    subtitle: 'Your account is not part of a company yet. Choose how to get started.',
    invitation_title: 'Ask your company for an invitation',
    invitation_text:
      'Ask your HR team or company admin to invite %{email}. The invitation mail has a link: opening it attaches this account to your company as an employee, so you can check in, request leave and see your payslips.',
    trial_title: 'Start a free trial for your company',
    trial_text: 'Set up your company on HR Platform: employees, attendance, leave and payroll, free for the trial period.',
    trial_button: 'Start a free trial',
  },
};
