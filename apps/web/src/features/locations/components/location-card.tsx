import type { Pharmacy } from '@pharmacy/contracts';
import { Badge, Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { FormattedMessage, useIntl } from 'react-intl';
import { MailIcon, MapPinIcon, PencilIcon, PhoneIcon, TrashIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { bilingualLines } from '../utils/bilingual-lines';

export interface LocationCardProps {
  location: Pharmacy;
  canManage: boolean;
  onEdit(location: Pharmacy): void;
  onDelete(location: Pharmacy): void;
}

/** Specification §9: cards show the last 6 characters of the id. */
const SHORT_ID_LENGTH = 6;

export function LocationCard({ location, canManage, onEdit, onDelete }: LocationCardProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const name = bilingualLines(location.name, location.nameAr, language);
  const address = bilingualLines(location.address, location.addressAr, language);
  const headingId = `location-${location.id}-name`;

  return (
    <Card size="2" asChild className="location-card">
      <article aria-labelledby={headingId}>
        <Flex direction="column" gap="3" height="100%">
          <Flex justify="between" align="start" gap="3">
            <Box minWidth="0">
              <Heading as="h2" size="4" id={headingId} lang={name.primary.lang} className="location-card-text">
                <bdi>{name.primary.text}</bdi>
              </Heading>
              {name.secondary && (
                <Text as="p" size="2" color="gray" lang={name.secondary.lang} className="location-card-text">
                  <bdi>{name.secondary.text}</bdi>
                </Text>
              )}
            </Box>
            <Badge color={location.isActive ? 'green' : 'gray'} variant="soft" radius="full">
              {location.isActive ? (
                <FormattedMessage id="locations.status.active" />
              ) : (
                <FormattedMessage id="locations.status.inactive" />
              )}
            </Badge>
          </Flex>

          <Flex direction="column" gap="2">
            <div className="location-card-line">
              <MapPinIcon />
              <Box className="location-card-text">
                <Text as="p" size="2" lang={address.primary.lang}>
                  <bdi>{address.primary.text}</bdi>
                </Text>
                {address.secondary && (
                  <Text as="p" size="2" color="gray" lang={address.secondary.lang}>
                    <bdi>{address.secondary.text}</bdi>
                  </Text>
                )}
              </Box>
            </div>
            {location.phone && (
              <div className="location-card-line">
                <PhoneIcon
                  aria-label={intl.formatMessage({ id: 'locations.card.phone' })}
                  aria-hidden={false}
                  role="img"
                />
                <Text size="2" className="location-card-text">
                  {/* Phone numbers read left to right in Arabic too. */}
                  <bdi dir="ltr">{location.phone}</bdi>
                </Text>
              </div>
            )}
            {location.email && (
              <div className="location-card-line">
                <MailIcon
                  aria-label={intl.formatMessage({ id: 'locations.card.email' })}
                  aria-hidden={false}
                  role="img"
                />
                <Text size="2" className="location-card-text">
                  <bdi dir="ltr">{location.email}</bdi>
                </Text>
              </div>
            )}
          </Flex>

          <Flex justify="between" align="center" gap="2" mt="auto" pt="2" wrap="wrap">
            <Text size="1" color="gray">
              <FormattedMessage
                id="locations.card.id"
                values={{
                  id: (
                    <bdi dir="ltr" className="location-card-id">
                      {location.id.slice(-SHORT_ID_LENGTH)}
                    </bdi>
                  ),
                }}
              />
            </Text>
            {canManage && (
              <Flex gap="2">
                <Button
                  size="1"
                  variant="soft"
                  onClick={() => onEdit(location)}
                  aria-label={intl.formatMessage({ id: 'locations.card.editLabel' }, { name: name.primary.text })}
                >
                  <PencilIcon width={14} height={14} />
                  <FormattedMessage id="locations.card.edit" />
                </Button>
                <Button
                  size="1"
                  variant="soft"
                  color="red"
                  onClick={() => onDelete(location)}
                  aria-label={intl.formatMessage({ id: 'locations.card.deleteLabel' }, { name: name.primary.text })}
                >
                  <TrashIcon width={14} height={14} />
                  <FormattedMessage id="locations.card.delete" />
                </Button>
              </Flex>
            )}
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}
