import type { ReactNode } from 'react';
import { BellIcon, CameraIcon, HandshakeIcon, KeyIcon, RiderIcon, WalletIcon } from '../site-chrome/icons.tsx';

export interface Benefit {
  readonly title: string;
  readonly text: string;
  readonly icon: ReactNode;
}

/** The six benefit cards. */
export const BENEFITS: readonly Benefit[] = [
  {
    title: 'Paid before you deliver',
    text: 'Your buyer pays into escrow by M-Pesa before the item leaves your shop. No more fake orders or "I will pay on delivery" no-shows.',
    icon: <WalletIcon />,
  },
  {
    title: 'Verified riders',
    text: 'Your order goes with a rider you added and trust, identified by phone number and motorbike plate.',
    icon: <RiderIcon />,
  },
  {
    title: 'Photo proof of pickup',
    text: 'The rider takes a photo when collecting the item, so everyone can see what left your shop and when.',
    icon: <CameraIcon />,
  },
  {
    title: 'Real-time delivery updates',
    text: 'You and your buyer follow every step on your phones: paid, rider assigned, on the way, delivered.',
    icon: <BellIcon />,
  },
  {
    title: 'A delivery code protects both sides',
    text: 'The buyer checks the item, then gives the rider a 6-digit code. Only that code releases your money.',
    icon: <KeyIcon />,
  },
  {
    title: 'Buyers trust you more',
    text: 'A secure payment link shows buyers their money is safe, so they say yes to phones, electronics and designer pieces.',
    icon: <HandshakeIcon />,
  },
];

export interface Testimonial {
  readonly quote: string;
  readonly name: string;
  readonly business: string;
  readonly rating: number;
}

/**
 * Three seller testimonials with 5-star ratings (spec section 2).
 * PLACEHOLDER COPY: replace with real sellers' words, with their written consent, before launch.
 */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: 'Customers used to book phones and then switch off. Now they pay first, and I send the rider with a clear mind.',
    name: 'Wanjiru M.',
    business: 'Phones and accessories, Nairobi CBD',
    rating: 5,
  },
  {
    quote: 'Buyers on Instagram were scared to pay a stranger. With the escrow link they trust me, and my sales have gone up.',
    name: 'Brian O.',
    business: 'Electronics, Westlands',
    rating: 5,
  },
  {
    quote: 'The photo at pickup and the delivery code ended the arguments about what was delivered. My money comes to my M-Pesa after delivery.',
    name: 'Amina H.',
    business: 'Boutique fashion, Kilimani',
    rating: 5,
  },
];
