import type { ReactNode } from 'react';
import type { ShellMessageId } from '../../i18n/en.ts';
import { BellIcon, CameraIcon, HandshakeIcon, KeyIcon, RiderIcon, WalletIcon } from '../site-chrome/icons.tsx';

export interface Benefit {
  readonly title: ShellMessageId;
  readonly text: ShellMessageId;
  readonly icon: ReactNode;
}

/** The six benefit cards. */
export const BENEFITS: readonly Benefit[] = [
  {
    title: 'shell.landing.benefit.paid.title',
    text: 'shell.landing.benefit.paid.text',
    icon: <WalletIcon />,
  },
  {
    title: 'shell.landing.benefit.riders.title',
    text: 'shell.landing.benefit.riders.text',
    icon: <RiderIcon />,
  },
  {
    title: 'shell.landing.benefit.photo.title',
    text: 'shell.landing.benefit.photo.text',
    icon: <CameraIcon />,
  },
  {
    title: 'shell.landing.benefit.updates.title',
    text: 'shell.landing.benefit.updates.text',
    icon: <BellIcon />,
  },
  {
    title: 'shell.landing.benefit.code.title',
    text: 'shell.landing.benefit.code.text',
    icon: <KeyIcon />,
  },
  {
    title: 'shell.landing.benefit.trust.title',
    text: 'shell.landing.benefit.trust.text',
    icon: <HandshakeIcon />,
  },
];

export interface Testimonial {
  readonly quote: ShellMessageId;
  readonly name: string;
  readonly business: ShellMessageId;
  readonly rating: number;
}

/**
 * Three seller testimonials with 5-star ratings (spec section 2).
 * PLACEHOLDER COPY: replace with real sellers' words, with their written consent, before launch.
 */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: 'shell.landing.testimonial.wanjiru.quote',
    name: 'Wanjiru M.',
    business: 'shell.landing.testimonial.wanjiru.business',
    rating: 5,
  },
  {
    quote: 'shell.landing.testimonial.brian.quote',
    name: 'Brian O.',
    business: 'shell.landing.testimonial.brian.business',
    rating: 5,
  },
  {
    quote: 'shell.landing.testimonial.amina.quote',
    name: 'Amina H.',
    business: 'shell.landing.testimonial.amina.business',
    rating: 5,
  },
];
