import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components';
import type { MessageView } from '../view';
import { toStaticMarkup } from './to-html';

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** The HTML part of a message. */
export function messageHtml(view: MessageView): string {
  return DOCTYPE + toStaticMarkup(<MessageEmail view={view} />);
}

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Microsoft YaHei", Helvetica, Arial, sans-serif';
const muted = { color: '#5b6270', fontSize: '13px', lineHeight: '20px', margin: '4px 0' } as const;
const cell = { fontSize: '14px', lineHeight: '22px', padding: '4px 0' } as const;

/**
 * Every message, shopper's or merchant's: the store's logo or name in its accent colour, the
 * heading and the opening paragraph, then whichever blocks the view carries (lines and totals,
 * facts, the address, payment instructions), one button, and the footer. Inline styles and
 * tables only: what mail clients render.
 */
export function MessageEmail({ view }: { view: MessageView }) {
  const accent = view.store.accentColor;
  return (
    <Html lang={view.locale} dir="ltr">
      <Head />
      <Preview>{view.intro}</Preview>
      <Body style={{ backgroundColor: '#f4f5f7', fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderTop: `4px solid ${accent}`, maxWidth: '560px', padding: '24px' }}>
          <Section>
            {view.store.logoUrl ? (
              <Img src={view.store.logoUrl} alt={view.store.name} height="40" style={{ maxHeight: '40px', width: 'auto' }} />
            ) : (
              <Text style={{ color: accent, fontSize: '18px', fontWeight: 700, margin: 0 }}>{view.store.name}</Text>
            )}
          </Section>
          <Heading as="h1" style={{ color: '#111318', fontSize: '22px', lineHeight: '30px', margin: '20px 0 8px' }}>
            {view.subject}
          </Heading>
          <Text style={{ color: '#111318', fontSize: '15px', lineHeight: '24px' }}>{view.intro}</Text>
          {view.lines?.length ? (
            <Section style={{ margin: '8px 0' }}>
              {view.lines.map((line, i) => (
                <Row key={i}>
                  <Column style={cell}>
                    {line.title} × {line.quantity}
                  </Column>
                  <Column style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>{line.amount}</Column>
                </Row>
              ))}
            </Section>
          ) : null}
          {view.totals?.length ? (
            <Section style={{ borderTop: '1px solid #e3e5e8', margin: '8px 0', paddingTop: '8px' }}>
              {view.totals.map((t, i) => (
                <Row key={i}>
                  <Column style={{ ...cell, fontWeight: t.strong ? 700 : 400 }}>{t.label}</Column>
                  <Column style={{ ...cell, fontWeight: t.strong ? 700 : 400, textAlign: 'right' }}>{t.amount}</Column>
                </Row>
              ))}
            </Section>
          ) : null}
          {view.facts?.length ? (
            <Section style={{ margin: '8px 0' }}>
              {view.facts.map((f, i) => (
                <Text key={i} style={{ ...cell, margin: 0 }}>
                  <strong>{f.label}:</strong> {f.value}
                </Text>
              ))}
            </Section>
          ) : null}
          {view.payment ? (
            <Section style={{ backgroundColor: '#f7f8fa', margin: '12px 0', padding: '12px' }}>
              <Text style={{ ...cell, fontWeight: 700, margin: 0 }}>{view.payment.label}</Text>
              {view.payment.lines.map((l, i) => (
                <Text key={i} style={{ ...cell, margin: 0 }}>
                  {l}
                </Text>
              ))}
            </Section>
          ) : null}
          {view.address ? (
            <Section style={{ margin: '12px 0' }}>
              <Text style={{ ...cell, fontWeight: 700, margin: 0 }}>{view.address.label}</Text>
              {view.address.lines.map((l, i) => (
                <Text key={i} style={{ ...cell, margin: 0 }}>
                  {l}
                </Text>
              ))}
            </Section>
          ) : null}
          {view.button ? (
            <Section style={{ margin: '20px 0 8px' }}>
              <Button href={view.button.url} style={{ backgroundColor: accent, borderRadius: '6px', color: '#ffffff', fontSize: '15px', fontWeight: 600, padding: '12px 20px' }}>
                {view.button.label}
              </Button>
            </Section>
          ) : null}
          {view.secondaryLink ? (
            <Text style={cell}>
              <Link href={view.secondaryLink.url} style={{ color: accent }}>
                {view.secondaryLink.label}
              </Link>
            </Text>
          ) : null}
          {view.note ? <Text style={muted}>{view.note}</Text> : null}
          <Hr style={{ borderColor: '#e3e5e8', margin: '20px 0 12px' }} />
          <Text style={muted}>{view.footer}</Text>
          {view.unsubscribe ? (
            <Text style={muted}>
              <Link href={view.unsubscribe.url} style={{ color: '#5b6270' }}>
                {view.unsubscribe.label}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
