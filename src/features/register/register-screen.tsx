import logoUrl from '@/assets/logo.svg';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@/lib/router';
import { DownloadButtons, useAppDownload } from '@/components/app-download';
import { Dialog } from '@/components/dialog';
import { config } from '@/config/env';
import { ROUTES } from '@/config/routes';
import { goToGameClient } from './game-client';
import { RegisteredDialog } from './registered-dialog';
import type { Field } from './submit-checks';

/** The fields in screen order: Enter (the keyboard's 下一步) in one moves to the next; in the last it submits. */
const FIELD_ORDER: readonly Field[] = ['name', 'password', 'rePassword', 'mobile'];
const enterKeyHintOf = (field: Field) => (field === FIELD_ORDER.at(-1) ? 'go' : 'next');
import { TextField } from './text-field';
import { TEXT } from './texts';
import { useRegisterFlow } from './use-register-flow';
import './register.css';

export function RegisterScreen() {
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const focusField = useCallback((field: Field) => inputs.current[field]?.focus(), []);
  // Read when reg is sent, from the box itself: a tick made before hydration counts too.
  const consentBox = useRef<HTMLInputElement | null>(null);
  const adConsent = useCallback(() => consentBox.current?.checked === true, []);
  const flow = useRegisterFlow(focusField, adConsent);
  const onEnterMoveOn = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      // Enter while an IME is composing Chinese confirms the composition: leave it alone.
      if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
      const index = FIELD_ORDER.findIndex((field) => inputs.current[field] === event.currentTarget);
      if (index < 0 || index === FIELD_ORDER.length - 1) return; // the last field submits the form as usual
      event.preventDefault();
      focusField(FIELD_ORDER[index + 1]!);
    },
    [focusField],
  );
  const { update } = flow;

  // What a visitor typed into the prerendered form before React took over is still in the inputs: keep it.
  useEffect(() => {
    for (const [field, input] of Object.entries(inputs.current) as [Field, HTMLInputElement | null][]) {
      if (input?.value) update(field, input.value);
    }
  }, [update]);
  const [choosingDownload, setChoosingDownload] = useState(false);
  const download = useAppDownload();
  const Puzzle = flow.captcha?.PuzzleCaptcha;
  const { values, fieldErrors } = flow;

  return (
    <main className="register">
      <header className="register__hero">
        <img className="register__logo" src={config.brand.logo || logoUrl} width="64" height="64" alt="" />
        <h1 className="register__title">{TEXT.title(config.brand.name)}</h1>
        <p className="register__subtitle">{TEXT.subtitle}</p>
      </header>

      <form
        className="register__form"
        noValidate
        onFocus={flow.prefetchCaptcha}
        onSubmit={(event) => {
          event.preventDefault();
          void flow.submit();
        }}
      >
        <TextField
          label={TEXT.labels.name}
          placeholder={TEXT.placeholders.name}
          value={values.name}
          error={fieldErrors.name}
          onValueChange={(value) => flow.update('name', value)}
          onBlur={flow.onNameBlur}
          inputRef={(element) => {
            inputs.current.name = element;
          }}
          enterKeyHint={enterKeyHintOf('name')}
          onKeyDown={onEnterMoveOn}
          autoComplete="username"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        <TextField
          label={TEXT.labels.password}
          placeholder={TEXT.placeholders.password}
          type="password"
          revealable
          value={values.password}
          error={fieldErrors.password}
          onValueChange={(value) => flow.update('password', value)}
          inputRef={(element) => {
            inputs.current.password = element;
          }}
          enterKeyHint={enterKeyHintOf('password')}
          onKeyDown={onEnterMoveOn}
          autoComplete="new-password"
        />
        <TextField
          label={TEXT.labels.rePassword}
          placeholder={TEXT.placeholders.rePassword}
          type="password"
          revealable
          value={values.rePassword}
          error={fieldErrors.rePassword}
          onValueChange={(value) => flow.update('rePassword', value)}
          onBlur={flow.onRePasswordBlur}
          inputRef={(element) => {
            inputs.current.rePassword = element;
          }}
          enterKeyHint={enterKeyHintOf('rePassword')}
          onKeyDown={onEnterMoveOn}
          autoComplete="new-password"
        />
        <TextField
          label={TEXT.labels.mobile}
          placeholder={TEXT.placeholders.mobile}
          type="tel"
          inputMode="numeric"
          value={values.mobile}
          error={fieldErrors.mobile}
          onValueChange={(value) => flow.update('mobile', value)}
          inputRef={(element) => {
            inputs.current.mobile = element;
          }}
          enterKeyHint={enterKeyHintOf('mobile')}
          onKeyDown={onEnterMoveOn}
          autoComplete="tel"
        />

        <p className="register__notice">
          <strong>温馨提示：</strong>
          {TEXT.depositNotice}
        </p>

        {config.adsConsent.required && (
          <label className="register__consent">
            <input ref={consentBox} type="checkbox" name="adConsent" />
            <span>{config.adsConsent.text}</span>
          </label>
        )}
        <button type="submit" className={flow.busy ? 'btn btn--primary btn--busy' : 'btn btn--primary'} aria-busy={flow.busy}>
          {flow.busy && <span className="btn__spinner" aria-hidden="true" />}
          {TEXT.register}
        </button>
        <button type="button" className="btn btn--ghost" onClick={goToGameClient}>
          {TEXT.login}
        </button>
      </form>

      <footer className="register__footer">
        <button type="button" className="register__link" onClick={() => setChoosingDownload(true)}>
          {TEXT.download}
        </button>
        <span className="register__divider" aria-hidden="true" />
        <Link className="register__link" to={ROUTES.contact}>
          {TEXT.contact}
        </Link>
      </footer>

      <Dialog open={choosingDownload} title={TEXT.downloadChoice} onClose={() => setChoosingDownload(false)}>
        <DownloadButtons start={download.start} />
      </Dialog>
      {download.overlay}

      {Puzzle && (
        <Puzzle
          show={flow.puzzleOpen}
          imgs={config.captchaImages.length > 0 ? config.captchaImages : undefined}
          server={flow.puzzleServer}
          onSuccess={(_deviation, result) => void flow.onPuzzleSuccess(result?.token)}
          onClose={flow.closePuzzle}
        />
      )}

      {flow.account && <RegisteredDialog name={flow.account.name} password={flow.account.password} onDone={goToGameClient} />}
    </main>
  );
}
