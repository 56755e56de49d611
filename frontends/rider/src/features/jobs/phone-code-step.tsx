import { CODE_LENGTH, isSixDigitCode } from '@escrow/core/rules';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useEffect, useRef, useState } from 'react';
import { riderApi, type PhoneCodeSent } from '../../shared/rider-api.ts';
import { minutesAndSeconds, useResendCountdown } from './use-resend-countdown.ts';
import { Text } from '@escrow/ui/i18n/react';
import { say, useRiderT, type RiderText, type Said } from '../../i18n/use-rider-t.ts';

export interface PhoneCodeStepProps {
  readonly phone: string;
  /** Send the code at once (the rider just typed the number); otherwise wait for "Send code". */
  readonly sendAtOnce: boolean;
  readonly onProven: () => void;
  readonly onChangePhone: () => void;
}

/**
 * The rider proves the phone (decision 0046): a 6-digit code by SMS, typed here. The phone's own
 * keyboard offers the code from the SMS (autocomplete="one-time-code"); "Resend code" waits for
 * the countdown the server gives; the server's words are shown as they are (wrong code with the
 * tries left, expired, too many, rate limited).
 */
export function PhoneCodeStep({ phone, sendAtOnce, onProven, onChangePhone }: PhoneCodeStepProps) {
  const t = useRiderT();
  const send = useIdempotentAction<PhoneCodeSent>(t('catalogue.rider.sendPhoneCodeFailed'));
  const countdown = useResendCountdown();
  const [sent, setSent] = useState<PhoneCodeSent | null>(null);
  const [sends, setSends] = useState(0);
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<Said | null>(null);
  const error = problem === null ? null : say(t, problem);

  const sendCode = () => {
    setProblem(null);
    // Each press is a new request; a retry of the same one (offline, a double tap) reuses its key.
    send.run(`code:${phone}:${sends}`, (key) => riderApi.sendPhoneCode(phone, key, t('catalogue.rider.sendPhoneCodeFailed')), {
      onSuccess: (data) => {
        setSent(data);
        setSends((n) => n + 1);
        setCode('');
        countdown.start(data.resendAfterSeconds);
      },
    });
  };

  const autoSent = useRef(false);
  useEffect(() => {
    if (!sendAtOnce || autoSent.current) return;
    autoSent.current = true;
    sendCode();
    // Once, when the step opens for a number the rider just typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sendAtOnce]);

  const verify = () => {
    if (!isSixDigitCode(code)) return setProblem({ id: 'catalogue.rider.enterPhoneCode' });
    setChecking(true);
    setProblem(null);
    riderApi
      .provePhone(phone, code, t('catalogue.rider.verifyPhoneCodeFailed'))
      .then((result) => {
        setChecking(false);
        if (result.ok) return onProven();
        const tries = result.attemptsLeft;
        setProblem({ text: tries !== undefined && tries > 0 ? t('rider.code.triesLeft', { message: result.message, tries }) : result.message });
        // A spent or expired code cannot be fixed by typing: offer a new one at once.
        if (result.code === 'RIDER_CODE_LOCKED' || result.code === 'RIDER_CODE_EXPIRED' || tries === 0) countdown.stop();
      })
      .catch((failure: unknown) => {
        console.warn('Checking the code failed', failure);
        setChecking(false);
        setProblem({ id: 'catalogue.rider.verifyPhoneCodeFailed' });
      });
  };

  const message = error ?? send.error;
  const waiting = countdown.secondsLeft > 0;
  return (
    <section className="form-card code-step" aria-labelledby="code-title">
      <h1 id="code-title" className="form-card__title">
        {t('rider.code.title')}
      </h1>
      {sent ? (
        <>
          <FormAlert tone="info">{sent.message}</FormAlert>
          <p className="form-card__lead">
            <Text<RiderText> id="rider.code.enterFromSms" values={{ phone }} components={{ 0: <strong /> }} />
          </p>
        </>
      ) : (
        <p className="form-card__lead">
          <Text<RiderText> id="rider.code.intro" values={{ phone }} components={{ 0: <strong /> }} />
        </p>
      )}
      {message ? <FormAlert tone="error">{message}</FormAlert> : null}
      {sent ? (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            verify();
          }}
        >
          <TextField
            // The field appears once the code is on its way: the rider's next step is to type it.
            autoFocus
            label={t('rider.code.field')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CODE_LENGTH}
            required
            value={code}
            invalid={error !== null}
            onValueChange={(value) => setCode(value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
          />
          <SubmitButton busy={checking} busyLabel={t('rider.checking')} disabled={code.length !== CODE_LENGTH}>
            {t('rider.code.confirm')}
          </SubmitButton>
        </form>
      ) : null}
      <div className="form-links">
        {sent ? (
          <button type="button" className="text-link-button" onClick={sendCode} disabled={waiting || send.busy} aria-busy={send.busy || undefined}>
            {send.busy ? t('rider.sending') : waiting ? t('rider.code.resendIn', { time: minutesAndSeconds(countdown.secondsLeft) }) : t('rider.code.resend')}
          </button>
        ) : (
          <button type="button" className="button button--block" onClick={sendCode} disabled={send.busy} aria-busy={send.busy || undefined}>
            {send.busy ? t('rider.sending') : t('rider.code.send')}
          </button>
        )}
        <button type="button" className="text-link-button" onClick={onChangePhone}>
          {t('rider.code.otherNumber')}
        </button>
      </div>
    </section>
  );
}
