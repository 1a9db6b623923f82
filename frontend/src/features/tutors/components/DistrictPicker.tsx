import type { RegionView } from '@/api/generated/model';
import { ChipGroup, ChipRow } from '@/components/ChipGroup';
import { ToggleChip } from '@/components/ToggleChip';
import { catalogueName } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';
import { toggleItem } from '../lib/application-form';

interface DistrictPickerProps {
  regions: readonly RegionView[];
  /** District names as the catalogue spells them. */
  value: readonly string[];
  onChange: (districts: string[]) => void;
  /** The district of the teaching area: what the server takes when none is chosen. */
  areaDistrict?: string;
  error?: string;
  className?: string;
}

/** The districts a tutor teaches in, as chips under each region; optional. */
export function DistrictPicker({ regions, value, onChange, areaDistrict, error, className }: DistrictPickerProps) {
  const a = t.tutors.application;
  return (
    <ChipGroup
      label={a.teachingDistricts}
      hint={areaDistrict ? a.teachingDistrictsHintFor(catalogueName(areaDistrict)) : a.teachingDistrictsHint}
      error={error}
      className={className}
    >
      {regions.map((region) => (
        <ChipRow key={region.name} label={catalogueName(region.name)}>
          {region.districts.map((district) => (
            <ToggleChip
              key={district.name}
              checked={value.includes(district.name)}
              onToggle={() => onChange(toggleItem(value, district.name))}
            >
              {catalogueName(district.name)}
            </ToggleChip>
          ))}
        </ChipRow>
      ))}
    </ChipGroup>
  );
}
