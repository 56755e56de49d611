// GSM 03.38: the default alphabet (one septet each) and the extension table (two each).
const GSM7 = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

/**
 * How many SMS a text is billed as: one up to 160 GSM-7 septets (70 UCS-2 units), then 153
 * (67) per part, the rest of each part holding the concatenation header.
 */
export function smsSegments(text: string): number {
  let septets = 0;
  for (const ch of text) {
    if (GSM7.has(ch)) septets += 1;
    else if (GSM7_EXTENSION.has(ch)) septets += 2;
    else return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
  }
  return septets <= 160 ? 1 : Math.ceil(septets / 153);
}
