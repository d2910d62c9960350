import { useCallback, useRef, useState } from 'react';
import { captchaServer, passTokenQuery, puzzleOpenings, registerAccount } from '@/api';
import { useToast } from '@/components/toast';
import { config } from '@/config/env';
import { afterEdit, NO_FIELD_ERRORS, withoutErrors, type FieldErrors } from './field-errors';
import { loadCaptcha } from './load-captcha';
import { RemoteCheck } from './remote-check';
import { passwordsMatch, runSubmitChecks, type Field, type RegisterValues } from './submit-checks';
import { TEXT } from './texts';
import { phoneVerdict, usernameVerdict } from './verdicts';

type CaptchaModule = Awaited<ReturnType<typeof loadCaptcha>>;

const EMPTY: RegisterValues = { name: '', password: '', rePassword: '', mobile: '' };

/**
 * Strict mode (the server's CAPTCHA_MODE=strict, or a build with VITE_CAPTCHA_MODE=server): the puzzle comes from the
 * server and reg needs its pass token.
 */
const serverPuzzle = () => (config.captchaMode === 'server' ? captchaServer : undefined);

/** The register screen's state and rules wired to the calls and the toasts. */
export function useRegisterFlow(focusField: (field: Field) => void, adConsent: () => boolean = () => false) {
  const toast = useToast();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const latest = useRef(values);
  const passwordValid = useRef(false);
  const [userCheck] = useState(() => new RemoteCheck(usernameVerdict));
  const [phoneCheck] = useState(() => new RemoteCheck(phoneVerdict));
  const submitting = useRef(false);
  const registering = useRef(false);
  const [captcha, setCaptcha] = useState<CaptchaModule | null>(null);
  /** The funnel's beacons per opening of the puzzle, with the level and picture of its first puzzle. */
  const [openings] = useState(() => puzzleOpenings(serverPuzzle()));
  const [puzzleOpen, setPuzzleOpen] = useState(false);
  const [account, setAccount] = useState<{ name: string; password: string } | null>(null);
  /** True while the submit checks or the registration run: 立即注册 shows it and is announced as busy. */
  const [busy, setBusy] = useState(false);
  /** The failed checks' messages, each shown under its field beside the toast (WCAG 3.3.1). */
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);

  const fail = useCallback(
    (field: Field, message: string) => {
      toast.show(message, { kind: 'fail' });
      setFieldErrors((errors) => ({ ...errors, [field]: message }));
    },
    [toast],
  );

  const update = useCallback(
    (field: Field, value: string) => {
      const next = { ...latest.current, [field]: field === 'mobile' ? value.replace(/\D/g, '') : value };
      latest.current = next;
      setValues(next);
      setFieldErrors((errors) => afterEdit(errors, field));
      if (field === 'name') userCheck.reset();
      if (field === 'password' || field === 'rePassword') passwordValid.current = false;
      if (field === 'mobile') phoneCheck.reset();
    },
    [userCheck, phoneCheck],
  );

  const prefetchCaptcha = useCallback(() => {
    loadCaptcha().catch(() => undefined); // retried when the puzzle is needed
  }, []);

  const onNameBlur = useCallback(() => {
    const name = latest.current.name;
    if (name === '') return;
    void userCheck.check(name).then((verdict) => {
      if (latest.current.name !== name) return; // an answer for an older value
      if (verdict.status === 'n') fail('name', TEXT.errors.nameTaken);
      if (verdict.status === 'y') setFieldErrors((errors) => withoutErrors(errors, ['name']));
    });
  }, [fail, userCheck]);

  const onRePasswordBlur = useCallback(() => {
    const match = passwordsMatch(latest.current.password, latest.current.rePassword);
    if (match === null) return;
    passwordValid.current = match;
    if (match) setFieldErrors((errors) => withoutErrors(errors, ['password', 'rePassword']));
    else fail('rePassword', TEXT.errors.passwordMismatch);
  }, [fail]);

  const submit = useCallback(async () => {
    if (submitting.current || registering.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      const snapshot = latest.current;
      const outcome = await runSubmitChecks({
        values: snapshot,
        passwordValid: passwordValid.current,
        phoneValid: phoneCheck.isValid(snapshot.mobile),
        usernameVerdict: () => userCheck.check(snapshot.name),
        phoneVerdict: async () => {
          const close = toast.loading(TEXT.checkingMobile);
          try {
            return await phoneCheck.check(snapshot.mobile);
          } finally {
            close();
          }
        },
      });
      if (latest.current !== snapshot) return; // edited while checking: the visitor taps again
      if (!outcome.ok) {
        fail(outcome.field, outcome.message);
        focusField(outcome.field);
        return;
      }
      passwordValid.current = true;
      setFieldErrors(NO_FIELD_ERRORS);
      try {
        setCaptcha(await loadCaptcha());
      } catch {
        toast.show(TEXT.errors.network, { kind: 'fail' });
        return;
      }
      openings.open();
      setPuzzleOpen(true);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }, [fail, focusField, openings, phoneCheck, toast, userCheck]);

  const onPuzzleSuccess = useCallback(
    async (captchaToken?: string) => {
      setPuzzleOpen(false);
      if (registering.current) return;
      registering.current = true;
      openings.passed();
      setBusy(true);
      const snapshot = latest.current;
      const close = toast.loading(TEXT.registering);
      try {
        const answer = await registerAccount(snapshot, passTokenQuery(captchaToken), { adConsent: adConsent() });
        close();
        if (answer?.status === 'n') {
          // The backend refused (a name or phone taken since it was checked): check again on the next tap.
          userCheck.reset();
          phoneCheck.reset();
          toast.show(answer.info || TEXT.errors.network, { kind: 'fail' });
          return;
        }
        toast.show(TEXT.registered, { kind: 'success' });
        setAccount({ name: snapshot.name, password: snapshot.password });
      } catch {
        close();
        toast.show(TEXT.errors.network, { kind: 'fail' });
      } finally {
        registering.current = false;
        setBusy(false);
      }
    },
    [adConsent, openings, phoneCheck, toast, userCheck],
  );

  const closePuzzle = useCallback(() => setPuzzleOpen(false), []);

  return {
    values,
    fieldErrors,
    update,
    prefetchCaptcha,
    onNameBlur,
    onRePasswordBlur,
    submit,
    captcha,
    puzzleOpen,
    puzzleServer: openings.server,
    onPuzzleSuccess,
    closePuzzle,
    account,
    busy,
  };
}
