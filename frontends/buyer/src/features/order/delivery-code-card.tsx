/**
 * The code the buyer gives the rider at the door. The buyer holds it already (it came with
 * the link); showing it here saves digging for the message. The warning is the point of the
 * card: the code releases the money to the seller.
 */
export function DeliveryCodeCard({ code, refundRequested }: { code: string; refundRequested: boolean }) {
  return (
    <section className="card card--code" aria-labelledby="code-title">
      <h2 id="code-title">Your delivery code</h2>
      <p className="delivery-code">{code}</p>
      <p>
        {refundRequested
          ? 'You asked for a refund: do not give this code to anyone.'
          : 'Check the item first. Give this code to the rider only if it matches your order: the code releases your payment to the seller.'}
      </p>
    </section>
  );
}
