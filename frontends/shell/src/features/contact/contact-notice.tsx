export interface Notice {
  readonly tone: 'success' | 'error';
  readonly title: string;
  readonly text: string;
}

/** The outcome of sending, in the spec's words: 'Message Sent!', 'Validation Error', 'Error'. */
export function ContactNotice({ id, notice }: { id: string; notice: Notice }) {
  return (
    <div id={id} className={`contact-notice contact-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
      <p className="contact-notice__title">{notice.title}</p>
      <p className="contact-notice__text">{notice.text}</p>
    </div>
  );
}
