import { formatMoneyInteger } from '@mutirao/core/format';
import { type Locale, translate } from '@mutirao/core/i18n';
import { countdownKey, DONATION, daysLeft, goalProgress } from '@mutirao/core/widgets/donationRules';
import { useEffect, useState } from 'react';
import { countUp, prefersReducedMotion } from './browser';

export interface GoalProgressProps {
  locale: Locale;
  goalCents?: number;
  goalDateLimit?: string;
  renderedAt: string;
  /** Paid so far, in cents; undefined until the live figures arrive. */
  pledged?: number;
  /** In the editor the live figures are not asked for: the goal itself is shown, as the organiser typed it. */
  editing?: boolean;
}

/**
 * The goal (spec 02 §9): a bar capped at 100 percent with its label only above 5 percent, the amount so far counting
 * up over 5 seconds (at once for visitors who ask for reduced motion), and the countdown to goal_date_limit. The
 * box keeps its height while the figures load, so nothing below it moves.
 */
export function GoalProgress({ locale, goalCents, goalDateLimit, renderedAt, pledged, editing }: GoalProgressProps) {
  const [shown, setShown] = useState(0);
  // The server's day first, so hydration matches the cached page; then the visitor's today.
  const [days, setDays] = useState(() => daysLeft(goalDateLimit, new Date(renderedAt)));
  useEffect(() => setDays(daysLeft(goalDateLimit, new Date())), [goalDateLimit]);
  useEffect(() => {
    if (pledged === undefined) return;
    if (prefersReducedMotion()) {
      setShown(pledged);
      return;
    }
    // Whole reais while counting, so the figure does not flicker between 'R$ 1.234' and 'R$ 1.234,57'; exact at the end.
    return countUp(pledged, DONATION.progress.animationMs, (value) =>
      setShown(value === pledged ? value : Math.floor(value / 100) * 100),
    );
  }, [pledged]);
  const countdown = days === undefined ? undefined : countdownKey(days);
  if (!goalCents && !countdown) return null;
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `kinds.donation.${key}`, params);
  const progress = goalProgress(shown, goalCents ?? 0);
  const final = pledged === undefined ? undefined : goalProgress(pledged, goalCents ?? 0);
  return (
    <div className="mz-donation__goal">
      {goalCents ? (
        <div className="mz-donation__goal-figures" aria-busy={(!editing && pledged === undefined) || undefined}>
          {editing && (
            <p className="mz-donation__pledged">{t('goalEditor', { goal: formatMoneyInteger(goalCents) })}</p>
          )}
          {final && (
            <>
              <div
                className="mz-donation__bar"
                role="progressbar"
                aria-label={t('goalLabel')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(Math.min(100, final.percent))}
                aria-valuetext={t('goalPledged', {
                  pledged: formatMoneyInteger(pledged ?? 0),
                  goal: formatMoneyInteger(goalCents),
                })}
              >
                <div
                  className="mz-donation__fill"
                  style={{ width: `${progress.width}%`, backgroundColor: DONATION.progress.fill }}
                >
                  {progress.showLabel && (
                    <span className="mz-donation__percent" aria-hidden="true">
                      {t('goalPercent', { percent: Math.round(progress.percent) })}
                    </span>
                  )}
                </div>
              </div>
              <p className="mz-donation__pledged" aria-hidden="true">
                {t('goalPledged', { pledged: formatMoneyInteger(shown), goal: formatMoneyInteger(goalCents) })}
              </p>
            </>
          )}
        </div>
      ) : null}
      {countdown && (
        <p className="mz-donation__countdown">{translate(locale, countdown.key, { days: countdown.days })}</p>
      )}
    </div>
  );
}
