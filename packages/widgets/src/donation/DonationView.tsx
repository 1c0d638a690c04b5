import type { Locale } from '@mutirao/core/i18n';
import type { Ref } from 'react';
import { ActionDone } from '../action/ActionParts';
import { Counter } from '../action/Counter';
import type { Focusable } from '../browser';
import type { RenderMode } from '../types';
import { ChooseStep } from './ChooseStep';
import { CustomerStep } from './CustomerStep';
import type { DonationModel } from './donationModel';
import { DoneScreen, OfferScreen, PendingScreen, RetryScreen } from './Endings';
import { GoalProgress } from './GoalProgress';
import { PaymentStep } from './PaymentStep';
import { useDonationFlow } from './useDonationFlow';

export interface DonationViewProps {
  model: DonationModel;
  locale: Locale;
  mode: RenderMode;
}

/**
 * The donation widget (spec 02 §2, §4, §9): the title, the goal and its countdown, the type and value, then the
 * checkout inside the widget (the donor's data, then the payment), and one ending: the retry screen after a refusal,
 * a pending notice, the monthly offer, or the finish message / share screen. The same component renders on the
 * server, in the editor (inert under its overlay) and, hydrated, in the visitor's browser.
 */
export function DonationView({ model, locale, mode }: DonationViewProps) {
  const flow = useDonationFlow(model, locale, mode);
  const style = { '--mz-form-color': model.color } as Record<string, string>;
  const counter = <Counter locale={locale} count={flow.count} text={model.countText} />;
  const props = { model, flow, locale };
  if (flow.screen === 'done') {
    return (
      <ActionDone style={style} doneRef={flow.heading as Ref<HTMLDivElement & Focusable>} counter={counter}>
        <DoneScreen {...props} mode={mode} />
      </ActionDone>
    );
  }
  const titleId = `mz-donation-${model.widgetId}-title`;
  return (
    <div className="mz-form-widget mz-donation" style={style}>
      <section
        className="mz-form"
        aria-labelledby={model.title ? titleId : undefined}
        inert={mode === 'edit' ? true : undefined}
      >
        {model.title && (
          <h3
            className="mz-form__title"
            id={titleId}
            tabIndex={-1}
            ref={flow.screen === 'choose' ? (flow.heading as Ref<HTMLHeadingElement>) : undefined}
          >
            {model.title}
          </h3>
        )}
        {flow.screen === 'choose' && (
          <>
            <GoalProgress
              locale={locale}
              goalCents={model.goalCents}
              goalDateLimit={model.goalDateLimit}
              renderedAt={model.renderedAt}
              pledged={flow.info?.stats.pledged}
              editing={mode === 'edit'}
            />
            <ChooseStep {...props} />
          </>
        )}
        {flow.screen === 'customer' && <CustomerStep flow={flow} locale={locale} widgetId={model.widgetId} />}
        {flow.screen === 'payment' && <PaymentStep {...props} />}
        {flow.screen === 'retry' && <RetryScreen {...props} />}
        {flow.screen === 'pending' && <PendingScreen {...props} />}
        {flow.screen === 'offer' && <OfferScreen {...props} />}
      </section>
      {counter}
    </div>
  );
}
