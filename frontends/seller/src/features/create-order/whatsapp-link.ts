import { sellerText } from '../../i18n/use-seller-t.ts';

/**
 * A wa.me link that opens WhatsApp on a chat with the buyer, the message typed in (the seller
 * still presses Send). wa.me wants the number in international form, digits only: the API
 * stores phones as E.164 (+2547XXXXXXXX), so dropping the '+' is enough.
 */
export function whatsappLink(buyerPhone: string, message: string): string {
  const digits = buyerPhone.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

/** The message the buyer receives with the link to pay and follow the order, in the seller's language. */
export function buyerMessage(args: { buyerName: string; itemName: string; price: string; businessName: string; buyerLink: string }): string {
  return [
    sellerText('seller.whatsapp.greeting', { buyer: args.buyerName, business: args.businessName, item: args.itemName, price: args.price }),
    sellerText('seller.whatsapp.escrow'),
    args.buyerLink,
  ].join('\n');
}
