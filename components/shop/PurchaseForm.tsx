'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect, useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useRouter } from '@/lib/i18n/navigation';
import type { Resolver } from 'react-hook-form';
import { filterCardInput, isAllowedCardKey, CARD_MAX_LENGTH } from '@/lib/shop/checkout/card-input';
import type {
  OrderConfirmation,
  PurchaseErrorKey,
  PurchaseFormValues,
  PurchaseInput,
} from '@/lib/shop/checkout/purchase-schema';
import { paymentMethods } from '@/lib/shop/payments/methods';
import { PURCHASE_DATA_KEY, type PurchaseData } from '@/lib/shop/checkout/purchase-data';
import buttons from '@/components/ui/button.module.css';
import styles from './Shop.module.css';

type PurchaseLabels = {
  name: string;
  email: string;
  emailHint: string;
  paymentMethod: string;
  card: string;
  paypal: string;
  cardNumber: string;
  cardHint: string;
  acceptDelivery: string;
  purchase: string;
  submitted: string;
  confirmTitle: string;
  confirmBody: string;
  /** "VAT included", shown beside confirmBody (SPEC.md's exact sentence); none when there is no price. */
  vatIncluded?: string;
  confirm: string;
  cancel: string;
  processing: string;
  redirecting: string;
  paymentNotice: string;
  errors: Record<PurchaseErrorKey, string>;
};

// Downloaded only when it opens (it is never server-rendered). React.lazy, not next/dynamic, whose
// loader would add about 1.5 KiB of gzip script to the page.
const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

// The zod schema (and zod's core, ~30 KiB gzip) is only needed to validate, so it loads when the
// buyer first focuses the form, not with the page. Submitting before that simply waits for it.
const loadSchema = () => import('@/lib/shop/checkout/purchase-schema');
const resolverFor =
  (hosted: boolean): Resolver<PurchaseFormValues, unknown, PurchaseInput> =>
  async (values, context, options) => {
    const { purchaseSchema, hostedPurchaseSchema } = await loadSchema();
    return zodResolver(hosted ? hostedPurchaseSchema : purchaseSchema)(values, context, options);
  };
const resolvers = { demo: resolverFor(false), hosted: resolverFor(true) };

/** The `error` code of a JSON error answer, if it has one. */
const errorCodeOf = async (response: Response) =>
  (
    (await response
      .clone()
      .json()
      .catch(() => ({}))) as { error?: string }
  ).error;

const DRAFT_KEY = 'purchase-draft';
const ATTEMPT_KEY = 'purchase-attempt';

type Props = { editionId: string; locale: string; hostedCheckout: boolean; cancelled: boolean; labels: PurchaseLabels };

/**
 * The purchase form: react-hook-form with the order endpoint's own zod schema. Errors
 * show on submit and clear as their field is edited. Confirm places the order (retries
 * reuse one Idempotency-Key, so a buyer is never charged twice), stores `purchase-data`
 * (never a card number) and goes to /success, or to the hosted checkout (Stripe), or to
 * /error when the order fails; the typed details are kept for the retry or a cancelled checkout.
 */
export function PurchaseForm({ editionId, locale, hostedCheckout, cancelled, labels }: Props) {
  const router = useRouter();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const ids = { name: useId(), email: useId(), card: useId(), delivery: useId(), payment: useId(), notice: useId() };
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    clearErrors,
    setError,
    reset,
    formState: { errors },
  } = useForm<PurchaseFormValues>({
    resolver: hostedCheckout ? resolvers.hosted : resolvers.demo,
    defaultValues: { name: '', email: '', cardNumber: '', acceptDelivery: false },
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const method = useWatch({ control, name: 'paymentMethod' });

  // A buyer sent back from /error, or from a cancelled checkout, finds what they typed (never the
  // card number). A cancelled checkout's order is over: the next Confirm is a new order.
  useEffect(() => {
    if (cancelled) sessionStorage.removeItem(ATTEMPT_KEY);
    try {
      const draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<PurchaseFormValues> | null;
      if (draft)
        reset({
          name: draft.name ?? '',
          email: draft.email ?? '',
          paymentMethod: draft.paymentMethod,
          cardNumber: '',
          acceptDelivery: false,
        });
    } catch {
      // a damaged draft is simply ignored
    }
  }, [reset, cancelled]);

  const message = (key?: string) => (key && key in labels.errors ? labels.errors[key as PurchaseErrorKey] : key);
  const clearOnEdit = (field: keyof PurchaseFormValues) => ({ onChange: () => clearErrors(field) });

  const placeOrder = async () => {
    const values = getValues();
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ name: values.name, email: values.email, paymentMethod: values.paymentMethod }),
    );
    let attempt = sessionStorage.getItem(ATTEMPT_KEY) ?? crypto.randomUUID();
    sessionStorage.setItem(ATTEMPT_KEY, attempt);
    setPlacing(true);
    try {
      const send = () =>
        fetch('/api/orders', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': attempt },
          body: JSON.stringify({
            ...values,
            editionId,
            locale,
            cardNumber: values.paymentMethod === 'card' && !hostedCheckout ? values.cardNumber : undefined,
          }),
        });
      let response = await send();
      // 409 with Retry-After: an earlier try with this key is still being processed; its answer is ours.
      for (let wait = 0; response.status === 409 && response.headers.has('retry-after') && wait < 5; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        response = await send();
      }
      // The checkout this key opened has ended (expired, abandoned): this Confirm is a new order.
      if (response.status === 409 && (await errorCodeOf(response)) === 'checkout_ended') {
        attempt = crypto.randomUUID();
        sessionStorage.setItem(ATTEMPT_KEY, attempt);
        response = await send();
      }
      if (response.status === 422) {
        const { fields } = (await response.json()) as { fields?: Partial<Record<keyof PurchaseFormValues, string>> };
        // Both end the order (nothing was charged); the buyer's next Confirm is a new one.
        const refusal = fields?.paymentMethod;
        if (refusal === 'paymentUnavailable' || refusal === 'taxLocationInvalid') {
          sessionStorage.removeItem(ATTEMPT_KEY);
          setConfirmOpen(false);
          setError('paymentMethod', { message: refusal }, { shouldFocus: true });
          return;
        }
      }
      if (!response.ok) throw new Error(`order failed: ${response.status}`);
      const order = (await response.json()) as OrderConfirmation;
      const data: PurchaseData = {
        name: order.name,
        email: order.email,
        paymentMethod: order.paymentMethod,
        productId: order.productId,
        orderId: order.orderId,
        downloadUrl: order.downloadUrl,
        expiresAt: order.expiresAt,
        ...(order.cardLast4 ? { cardLast4: order.cardLast4 } : {}),
      };
      localStorage.setItem(PURCHASE_DATA_KEY, JSON.stringify(data));
      if (order.checkoutUrl) {
        // The draft and the key stay until the buyer is back: a cancelled checkout refills the form.
        setRedirecting(true);
        setConfirmOpen(false);
        window.location.assign(order.checkoutUrl);
        return;
      }
      sessionStorage.removeItem(DRAFT_KEY);
      sessionStorage.removeItem(ATTEMPT_KEY);
      setSubmitted(true);
      setConfirmOpen(false);
      router.push('/success');
    } catch {
      setConfirmOpen(false);
      router.push('/error');
    } finally {
      setPlacing(false);
    }
  };

  const cardField = register('cardNumber', clearOnEdit('cardNumber'));

  return (
    <>
      {/* POST, never the default GET: submitted before the script runs, the fields must not land in an address (app/api/orders/form). */}
      <form
        className={styles.form}
        method="post"
        action={`/api/orders/form?edition=${encodeURIComponent(editionId)}&locale=${encodeURIComponent(locale)}`}
        noValidate
        onFocus={() => void loadSchema()}
        onSubmit={handleSubmit(() => setConfirmOpen(true))}
      >
        <div className={styles.field}>
          <label htmlFor={ids.name}>{labels.name}</label>
          {/* type="text" written out: checkers match autocomplete tokens (name, cc-number) to the type attribute, not its default. */}
          <input
            id={ids.name}
            type="text"
            className={styles.input}
            autoComplete="name"
            aria-invalid={Boolean(errors.name)}
            aria-describedby={errors.name ? `${ids.name}-error` : undefined}
            {...register('name', clearOnEdit('name'))}
          />
          {errors.name ? (
            <p id={`${ids.name}-error`} className={styles.error}>
              {message(errors.name.message)}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.email}>{labels.email}</label>
          <input
            id={ids.email}
            type="email"
            className={styles.input}
            autoComplete="email"
            inputMode="email"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={`${ids.email}-hint${errors.email ? ` ${ids.email}-error` : ''}`}
            {...register('email', clearOnEdit('email'))}
          />
          <p id={`${ids.email}-hint`} className={styles.hint}>
            {labels.emailHint}
          </p>
          {errors.email ? (
            <p id={`${ids.email}-error`} className={styles.error}>
              {message(errors.email.message)}
            </p>
          ) : null}
        </div>
        <fieldset
          className={styles.fieldset}
          aria-invalid={Boolean(errors.paymentMethod)}
          aria-describedby={errors.paymentMethod ? `${ids.payment}-error` : undefined}
        >
          <legend>{labels.paymentMethod}</legend>
          <div className={styles.radios}>
            {paymentMethods.map((value) => (
              <label key={value} className={styles.radio}>
                <input type="radio" value={value} {...register('paymentMethod', clearOnEdit('paymentMethod'))} />
                <span>{labels[value]}</span>
              </label>
            ))}
          </div>
          {errors.paymentMethod ? (
            <p id={`${ids.payment}-error`} className={styles.error}>
              {message(errors.paymentMethod.message)}
            </p>
          ) : null}
        </fieldset>
        {method === 'card' && !hostedCheckout ? (
          <div className={styles.field}>
            <label htmlFor={ids.card}>{labels.cardNumber}</label>
            <input
              id={ids.card}
              type="text"
              className={styles.input}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={CARD_MAX_LENGTH}
              aria-invalid={Boolean(errors.cardNumber)}
              aria-describedby={`${ids.card}-hint${errors.cardNumber ? ` ${ids.card}-error` : ''}`}
              {...cardField}
              onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                if (event.ctrlKey || event.metaKey) return;
                if (!isAllowedCardKey(event.key)) event.preventDefault();
              }}
              onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
                event.preventDefault();
                const input = event.currentTarget;
                const current = input.value;
                const start = input.selectionStart ?? current.length;
                const end = input.selectionEnd ?? current.length;
                const next = filterCardInput(
                  current.slice(0, start) + event.clipboardData.getData('text') + current.slice(end),
                );
                setValue('cardNumber', next);
                clearErrors('cardNumber');
              }}
              onChange={(event) => {
                // Whatever else gets in (autofill, drag and drop) is filtered the same way.
                const filtered = filterCardInput(event.target.value);
                if (filtered !== event.target.value) event.target.value = filtered;
                void cardField.onChange(event);
                clearErrors('cardNumber');
              }}
            />
            <p id={`${ids.card}-hint`} className={styles.hint}>
              {labels.cardHint}
            </p>
            {errors.cardNumber ? (
              <p id={`${ids.card}-error`} className={styles.error}>
                {message(errors.cardNumber.message)}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className={styles.checkbox}>
          <input
            id={ids.delivery}
            type="checkbox"
            aria-invalid={Boolean(errors.acceptDelivery)}
            aria-describedby={errors.acceptDelivery ? `${ids.delivery}-error` : undefined}
            {...register('acceptDelivery', clearOnEdit('acceptDelivery'))}
          />
          <label htmlFor={ids.delivery}>{labels.acceptDelivery}</label>
        </div>
        {errors.acceptDelivery ? (
          <p id={`${ids.delivery}-error`} className={styles.error}>
            {message(errors.acceptDelivery.message)}
          </p>
        ) : null}
        <button
          type="submit"
          className={`${buttons.primary} ${styles.submit}`}
          disabled={submitted || redirecting}
          aria-describedby={ids.notice}
        >
          {redirecting ? labels.redirecting : submitted ? labels.submitted : labels.purchase}
        </button>
        <p id={ids.notice} className={styles.paymentNotice}>
          {labels.paymentNotice}
        </p>
      </form>

      {confirmOpen ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            placing={placing}
            labels={labels}
            onConfirm={() => void placeOrder()}
            onClose={() => setConfirmOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
