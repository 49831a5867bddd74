/** Texts of the password screens: /forgot-password, /reset-password and the change-password form. */
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
