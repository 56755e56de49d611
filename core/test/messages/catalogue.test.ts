import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/messages/index.js';

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(leaves);
  return [];
}

// Spec section 8, copied verbatim, group by group (and the section 5 messages it relies on).
// If one of these changes in the catalogue, users and support scripts see a different text.
const SPEC_SECTION_8: Record<string, readonly string[]> = {
  auth: [
    'Authentication failed',
    'Database error. Please try again.',
    'Invalid code. Please check and try again.',
    'Code has expired. Please request a new one.',
    'Verification failed',
    'Invalid or expired code',
    'Failed to reset password',
    'Passwords do not match',
    'Reset code sent! Check your email.',
    'Signed in successfully!',
    'Account created! Check your email to verify your account.',
    'Code verified! Set your new password.',
    'Password reset successfully! You can now sign in with your new password.',
  ],
  seller: [
    'Please accept the terms and conditions to continue',
    'Failed to create profile',
    'Please fill in all fields',
    'Failed to add rider',
    'Failed to delete rider',
    'Seller not found',
    'Failed to create order',
    'Order not found',
    'Failed to add new rider',
    'Failed to assign rider',
    'Failed to remove rider',
    'Profile created successfully!',
    'Rider added successfully',
    'Rider removed',
    'Order created successfully!',
  ],
  buyer: [
    'Please rate both the rider and seller',
    'Failed to submit feedback',
    'Delivery code required to view order',
    'Order not found or invalid delivery code',
    'Failed to load order',
    'Failed to confirm payment. Please verify your payment details.',
    'Payment confirmation failed. Please contact support.',
    'Please accept the terms and conditions to proceed',
    'Delivery code not found. Please use the original link.',
    'Payment confirmed! The seller will assign a rider soon.',
    'Thank you for your feedback!',
  ],
  rider: [
    'Rider phone number required',
    'Order not found or not assigned to you',
    'Failed to load available jobs',
    'Failed to accept job',
    'Failed to confirm pickup',
    'Failed to complete delivery',
    'Invalid delivery code',
    'Failed to submit confirmation',
    'Please upload a pickup photo',
    'Please enter your phone number',
    'Job accepted! Please proceed to pickup location.',
    'Pickup confirmed! Delivery started.',
    'Delivery completed successfully!',
    'Payment confirmation recorded',
    'Issue reported. Admin will review it.',
  ],
  admin: [
    'Access denied. Admin privileges required.',
    'Please fill in all payment information',
    'Failed to update payment information',
    'Failed to update contact',
    'Failed to confirm settlement',
    'Failed to update payment configuration',
    'Settlement confirmed! Payment marked as sent to seller and rider.',
    'Contact marked as resolved',
    'Data exported successfully!',
    'Payment configuration updated successfully!',
    'Logged out successfully',
  ],
  contact: [
    'Message Sent!',
    "We'll get back to you as soon as possible.",
    'Validation Error',
    'Error',
    'Failed to send message. Please try again.',
  ],
  passwordChange: [
    'Current password is incorrect',
    'No user found',
    'Password updated successfully',
    'Failed to update password',
    "New passwords don't match",
  ],
  sellerProfile: [
    'Business details updated!',
    'Logo uploaded successfully!',
    'Logo removed!',
    'About section updated!',
    'Payment information updated successfully!',
    'Failed to update',
    'Failed to upload logo',
    'Failed to remove logo',
    'Failed to update payment information',
    'Please fill in all payment fields',
  ],
  notFound: ['Page not found'],
};

const SPEC_SECTION_5 = [
  'Password must be at least 6 characters',
  'Password must contain at least one uppercase letter',
  'Password must contain at least one number',
  'Password must contain at least one special character',
  'Passwords do not match',
  "New passwords don't match",
  'Please accept the terms and conditions to continue',
  'Please fill in all fields',
  'Please select or add a rider',
  'Please accept the terms and conditions to proceed',
  'Delivery code not found. Please use the original link.',
  'Please rate both the rider and seller',
  'Please upload a pickup photo',
  'Invalid delivery code',
  'Please enter your phone number',
  'Please fill in all payment information',
  'Please fill in all payment fields',
  'Name is required',
  'Invalid email address',
  'Message is required',
];

describe('catalogue', () => {
  it.each(Object.entries(SPEC_SECTION_8))('holds every spec section 8 %s text verbatim, in its group', (group, texts) => {
    const inGroup = leaves((catalogue as Record<string, unknown>)[group]);
    for (const text of texts) expect(inGroup).toContain(text);
  });

  it.each(SPEC_SECTION_5)('holds the section 5 validation message %j', (text) => {
    expect(leaves(catalogue.validation)).toContain(text);
  });

  it('has the spec groups plus errors, accounts and validation', () => {
    expect(Object.keys(catalogue)).toEqual([
      'auth',
      'seller',
      'buyer',
      'rider',
      'admin',
      'contact',
      'passwordChange',
      'sellerProfile',
      'notFound',
      'errors',
      'accounts',
      'validation',
    ]);
  });

  it('has no empty or padded texts', () => {
    for (const text of leaves(catalogue)) {
      expect(text.length).toBeGreaterThan(0);
      expect(text).toBe(text.trim());
    }
  });

  it('reads a few texts by path, as the frontends will', () => {
    expect(catalogue.buyer.orderNotFoundOrInvalidCode).toBe('Order not found or invalid delivery code');
    expect(catalogue.seller.termsNotAccepted).toBe('Please accept the terms and conditions to continue');
    expect(catalogue.buyer.termsNotAccepted).toBe('Please accept the terms and conditions to proceed');
    expect(catalogue.passwordChange.newPasswordsDontMatch).toBe("New passwords don't match");
    expect(catalogue.contact.sentDescription).toBe("We'll get back to you as soon as possible.");
    expect(catalogue.validation.phone.invalid).toBe('Enter a Kenyan phone number such as 0712345678');
  });
});
