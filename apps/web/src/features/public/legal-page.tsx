import { Anchor, Box, Card, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EMERGENCY_PRICE_CENTS_PER_HOUR, formatMoney } from '@portal/shared';
import { PublicShell } from '../../components/public-shell';
import { telHref, useSiteInfo, type SiteInfo } from '../../lib/site-info';

export type LegalDocument = 'imprint' | 'privacy' | 'terms';

/** The sections of each text, in order (keys under legal.<document> in locales/<lang>/legal.json). */
const SECTIONS = {
  imprint: [],
  privacy: [
    'controller',
    'forms',
    'shop',
    'security',
    'storage',
    'recipients',
    'retention',
    'erasure',
    'rights',
    'contact',
  ],
  terms: ['scope', 'contract', 'prices', 'payment', 'delivery', 'card', 'services', 'liability', 'ownership', 'law'],
} as const satisfies Record<LegalDocument, readonly string[]>;

/** Phone numbers, e-mail addresses and register numbers read left to right in Arabic too. */
const Ltr = ({ children }: { children: ReactNode }) => <span dir="ltr">{children}</span>;

/** The seller's data from the server's configuration (GET /web/site-info), as one block or a loader. */
function SellerData({ render }: { render: (seller: SiteInfo['seller']) => ReactNode }) {
  const { t } = useTranslation();
  const info = useSiteInfo();
  if (info.isPending) return <Loader size="sm" />;
  if (info.isError)
    return (
      <Text c="red.9" role="alert">
        {t('legal.loadError')}
      </Text>
    );
  return render(info.data.seller);
}

/** Name, address and e-mail: who is responsible (privacy notice) or who sells (terms). */
function SellerCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="legal-seller">
      <Text size="sm" fw={700}>
        {t('legal.seller')}
      </Text>
      <SellerData
        render={(s) => (
          <Stack gap={2}>
            {/* Isolated, not a block of its own direction: it stays aligned with the page. */}
            <Text fw={700}>
              <span dir="auto">{s.name}</span>
            </Text>
            <Text>
              <span dir="auto">{s.address}</span>
            </Text>
            <Anchor href={`mailto:${s.email}`}>
              <Ltr>{s.email}</Ltr>
            </Anchor>
          </Stack>
        )}
      />
    </Card>
  );
}

/** The imprint (§ 5 ECG, § 14 UGB, § 25 MedienG) as a list of label and value. */
function ImprintData() {
  const { t } = useTranslation();
  return (
    <SellerData
      render={(s) => {
        const rows: [string, ReactNode][] = [
          ['owner', <span dir="auto">{s.name}</span>],
          ['address', <span dir="auto">{s.address}</span>],
          ['business', t('legal.imprint.businessText')],
          [
            'phone',
            <Anchor href={telHref(s.phone)}>
              <Ltr>{s.phone}</Ltr>
            </Anchor>,
          ],
          [
            'email',
            <Anchor href={`mailto:${s.email}`}>
              <Ltr>{s.email}</Ltr>
            </Anchor>,
          ],
          ['uid', <Ltr>{s.uid}</Ltr>],
          ['register', <Ltr>{s.register}</Ltr>],
          ['court', <span dir="auto">{s.court}</span>],
          ['authority', <span dir="auto">{s.authority}</span>],
          ['chamber', t('legal.imprint.chamberText')],
          ['law', t('legal.imprint.lawText')],
          ['direction', t('legal.imprint.directionText')],
        ];
        return (
          <Stack component="dl" gap="sm" m={0} data-testid="imprint-data">
            {rows.map(([key, value]) => (
              <div key={key} data-field={key}>
                <Text component="dt" size="sm" fw={700}>
                  {t(`legal.imprint.${key}`)}
                </Text>
                <Text component="dd" m={0}>
                  {value}
                </Text>
              </div>
            ))}
          </Stack>
        );
      }}
    />
  );
}

/** /impressum, /datenschutz and /agb: the texts in the visitor's language, the seller from the configuration. */
export default function LegalPage({ doc }: { doc: LegalDocument }) {
  const { t } = useTranslation();
  const price = formatMoney(EMERGENCY_PRICE_CENTS_PER_HOUR);
  return (
    <PublicShell size="sm">
      <Stack gap="md" data-testid={`legal-${doc}`}>
        <Box>
          {/* Long German words ("Datenschutzerklärung") must not push a phone's screen wider. */}
          <Title order={1} size="h2" style={{ hyphens: 'auto', overflowWrap: 'break-word' }}>
            {t(`legal.${doc}.title`)}
          </Title>
          <Text size="lg" mt={4}>
            {t(`legal.${doc}.intro`)}
          </Text>
        </Box>
        {doc === 'imprint' && <ImprintData />}
        {/* The terms speak of "the provider named above"; the privacy notice names it as controller. */}
        {doc === 'terms' && <SellerCard />}
        {SECTIONS[doc].map((section) => (
          <Box component="section" key={section}>
            <Title order={2} size="h4" mb={4}>
              {t(`legal.${doc}.${section}.title`)}
            </Title>
            <Text>{t(`legal.${doc}.${section}.text`, { price })}</Text>
            {section === 'controller' && (
              <Box mt="xs">
                <SellerCard />
              </Box>
            )}
          </Box>
        ))}
      </Stack>
    </PublicShell>
  );
}
