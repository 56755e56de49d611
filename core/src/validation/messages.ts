/**
 * Every message a validation schema can produce. Strings quoted in the spec (sections 5
 * and 8) are verbatim; the others fill gaps the spec leaves, in the same voice.
 *
 * They live beside the schemas rather than in `messages/` because the browser entry
 * `@escrow/core/validation` may import only zod and its siblings; `messages/catalogue.ts`
 * re-exports this object so the catalogue stays the single place to read them.
 */
export const validationMessages = {
  common: {
    invalidInput: 'Please check the form and try again.',
  },
  /** A language chosen for someone's texts and emails (decision 0066). */
  locale: {
    invalid: 'Please choose English or Swahili',
  },
  phone: {
    invalid: 'Enter a Kenyan phone number such as 0712345678',
  },
  email: {
    required: 'Email is required',
    invalid: 'Invalid email address',
    tooLong: 'Email must be at most 255 characters',
  },
  password: {
    tooShort: 'Password must be at least 6 characters',
    missingUppercase: 'Password must contain at least one uppercase letter',
    missingNumber: 'Password must contain at least one number',
    missingSpecialCharacter: 'Password must contain at least one special character',
    tooLong: 'Password must be at most 128 characters',
    mismatch: 'Passwords do not match',
    changeMismatch: "New passwords don't match",
    changeFieldsRequired: 'Please fill in all password fields',
    invalidCharacter: 'Password contains a character that is not allowed',
  },
  resetCode: {
    invalid: 'Enter the 6-digit code',
  },
  contact: {
    nameRequired: 'Name is required',
    nameTooLong: 'Name must be at most 100 characters',
    phoneTooLong: 'Phone number must be at most 20 characters',
    messageRequired: 'Message is required',
    messageTooLong: 'Message must be at most 1000 characters',
    nameInvalid: 'Name contains a character that is not allowed',
    phoneInvalid: 'Phone number contains a character that is not allowed',
    messageInvalid: 'Message contains a character that is not allowed',
  },
  seller: {
    businessNameRequired: 'Business name is required',
    businessNameTooLong: 'Business name must be at most 100 characters',
    locationRequired: 'Location is required',
    locationTooLong: 'Location must be at most 100 characters',
    paymentMethodRequired: 'Please choose a payment method',
    paymentNumberRequired: 'Payment number is required',
    mpesaPhoneInvalid: 'Enter the M-Pesa phone number, e.g. 0712345678',
    paybillInvalid: 'Enter a Paybill number of 5 to 7 digits',
    tillNumberInvalid: 'Enter a Till number of 5 to 7 digits',
    whatsappInvalid: 'Enter a Kenyan WhatsApp number such as 0712345678',
    businessProfileTooLong: 'Business profile must be at most 500 characters',
    aboutTooLong: 'About must be at most 1000 characters',
    termsRequired: 'Please accept the terms and conditions to continue',
    paymentFieldsRequired: 'Please fill in all payment fields',
    businessNameInvalid: 'Business name contains a character that is not allowed',
    locationInvalid: 'Location contains a character that is not allowed',
    businessProfileInvalid: 'Business profile contains a character that is not allowed',
    aboutInvalid: 'About contains a character that is not allowed',
    // How the seller is told about their orders (decision 0048).
    notifyChoiceInvalid: 'Choose SMS, email or both',
    notifyChoiceRequired: 'Choose at least one way to be told about your orders',
    notifyEmailMissing: 'Your account has no email address, so choose SMS to be told about your orders',
    // Where the seller is paid (decision 0049): changed only with the password.
    payoutMethodRequired: 'Choose how you want to be paid: M-Pesa phone, Paybill or Till',
    accountReferenceRequired: 'Enter the account number to pay into at this Paybill',
    accountReferenceInvalid: 'The account number can be at most 13 letters, digits, spaces, hyphens, dots or slashes',
    payoutPasswordRequired: 'Enter your password to change where you are paid',
  },
  rider: {
    fieldsRequired: 'Please fill in all fields',
    nameTooLong: 'Rider name must be at most 100 characters',
    plateTooLong: 'Motorbike plate must be at most 20 characters',
    nameInvalid: 'Rider name contains a character that is not allowed',
    plateInvalid: 'Motorbike plate contains a character that is not allowed',
    phoneRequired: 'Please enter your phone number',
    phoneCodeInvalid: 'Enter the 6-digit code from the SMS',
    selectOrAdd: 'Please select or add a rider',
    // The photo is a file upload, checked outside zod; the text is kept with its siblings.
    pickupPhotoRequired: 'Please upload a pickup photo',
  },
  order: {
    itemNameRequired: 'Item name is required',
    itemNameTooLong: 'Item name must be at most 200 characters',
    priceRequired: 'Price is required',
    priceInvalid: 'Enter the price in KSh, from 0 to 10,000,000 with at most 2 decimals',
    buyerNameRequired: 'Buyer name is required',
    buyerNameTooLong: 'Buyer name must be at most 100 characters',
    buyerPhoneRequired: 'Buyer phone is required',
    buyerAddressRequired: 'Delivery address is required',
    buyerAddressTooLong: 'Delivery address must be at most 500 characters',
    pinLocationInvalid: 'Pin location must be a link starting with http:// or https://',
    pinLocationTooLong: 'Pin location link must be at most 2000 characters',
    landmarkTooLong: 'Landmark must be at most 200 characters',
    houseNumberTooLong: 'House number must be at most 200 characters',
    estateTooLong: 'Estate must be at most 200 characters',
    pickupLocationTooLong: 'Pickup location must be at most 200 characters',
    deliveryCostRequired: 'Delivery cost is required',
    deliveryCostInvalid: 'Enter the delivery cost in KSh, from 0 to 10,000,000 with at most 2 decimals',
    paymentMethodInvalid: 'Please choose a payment method',
    cashAmountRequired: 'Enter the cash amount the rider collects from the buyer',
    cashAmountInvalid: 'Enter the cash amount in KSh, from 0 to 10,000,000 with at most 2 decimals',
    deliveryPaidByInvalid: 'Please choose who pays for delivery',
    buyerLocaleInvalid: "Please choose the buyer's language: English or Swahili",
    itemNameInvalid: 'Item name contains a character that is not allowed',
    buyerNameInvalid: 'Buyer name contains a character that is not allowed',
    buyerAddressInvalid: 'Delivery address contains a character that is not allowed',
    landmarkInvalid: 'Landmark contains a character that is not allowed',
    houseNumberInvalid: 'House number contains a character that is not allowed',
    estateInvalid: 'Estate contains a character that is not allowed',
    pickupLocationInvalid: 'Pickup location contains a character that is not allowed',
  },
  deliveryCode: {
    entryInvalid: 'Enter the 6-digit delivery code',
    // Spec section 5: a code that cannot match the order's code.
    mismatch: 'Invalid delivery code',
  },
  buyer: {
    termsRequired: 'Please accept the terms and conditions to proceed',
    deliveryCodeMissing: 'Delivery code not found. Please use the original link.',
    mpesaReceiptInvalid: 'Enter the 10-character M-Pesa confirmation code, e.g. NLJ7RT61SV',
  },
  feedback: {
    ratingsRequired: 'Please rate both the rider and seller',
    ratingInvalid: 'Ratings are whole stars from 1 to 5',
    commentTooLong: 'Comment must be at most 1000 characters',
    commentInvalid: 'Comment contains a character that is not allowed',
  },
  paymentConfig: {
    fieldsRequired: 'Please fill in all payment information',
    businessNumberInvalid: 'Business number must be 5 to 7 digits',
    accountNumberTooLong: 'Account number must be at most 20 characters',
    accountNumberInvalid: 'Account number may only contain letters, digits, spaces and hyphens',
    accountNameTooLong: 'Account name must be at most 100 characters',
    accountNameInvalid: 'Account name must be on one line',
  },
  exportRange: {
    dateInvalid: 'Dates must be real days written as YYYY-MM-DD, e.g. 2026-11-30',
    fromAfterTo: 'The start date must not be after the end date',
  },
  refund: {
    reasonRequired: 'Please tell us why you want a refund',
    reasonTooShort: 'The reason must be at least 5 characters',
    reasonTooLong: 'The reason must be at most 1000 characters',
    reasonInvalid: 'The reason contains a character that is not allowed',
  },
  riderPayment: {
    receivedRequired: 'Please say whether you received the payment',
    issueRequired: 'Please describe the payment issue',
    issueTooLong: 'The issue description must be at most 1000 characters',
    issueInvalid: 'The issue description contains a character that is not allowed',
  },
} as const;

export type ValidationMessages = typeof validationMessages;
