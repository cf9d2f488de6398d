import type { merchantText } from './text';

/**
 * What a merchant page shows when the browser refuses the CSRF cookie even after a round trip
 * (page-helpers.ts, csrfTokenOrRoundTrip): signing in cannot work without cookies, so say so and
 * offer to try again once they are allowed.
 */
export function CookiesNeeded({ t, retry }: { t: ReturnType<typeof merchantText>; retry: string }) {
  return (
    <div className="mc-error" role="alert" data-testid="cookies-needed">
      <p>{t.cookiesNeeded}</p>
      <p>
        <a href={retry}>{t.tryAgain}</a>
      </p>
    </div>
  );
}
