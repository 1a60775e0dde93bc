import MyLocation from '@mui/icons-material/MyLocation';
import { Button, Stack } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import type { GeocodedAddress } from '../../../resources/geocoding';
import { AddressSearchField } from '../../forms/AddressSearchField';
import { addressAt, placeLabel } from '../../forms/address-search';
import { PositionLine } from '../../forms/PositionLine';
import { useGeolocation } from '../../forms/useGeolocation';

/**
 * Where something happens: the phone's position when the person shares it, else the position of an
 * address suggestion chosen; the address typed, or filled by reverse geocoding once the position is
 * found (unless the person typed first).
 */
export function useWhere() {
  const { state: position, locate, clear } = useGeolocation();
  const [address, setAddress] = useState('');
  // A chosen suggestion: its position is sent when the phone's is not shared, its city and state fill a damage.
  const [place, setPlace] = useState<GeocodedAddress | null>(null);
  const [lat, lng] = position.kind === 'got' ? [position.lat, position.lng] : [null, null];

  useEffect(() => {
    if (lat === null || lng === null) return;
    let current = true;
    void addressAt(lat, lng).then((found) => {
      if (!current || !found) return;
      setAddress((typed) => typed || placeLabel(found));
      setPlace((chosen) => chosen ?? found);
    });
    return () => {
      current = false;
    };
  }, [lat, lng]);

  const reset = useCallback(() => {
    clear();
    setAddress('');
    setPlace(null);
  }, [clear]);

  const at = lat !== null && lng !== null ? { lat, lng } : (place?.coordinates ?? null);
  return { position, locate, address, setAddress, place, setPlace, at, found: lat !== null && lng !== null ? { lat, lng } : null, reset };
}

export type Where = ReturnType<typeof useWhere>;

/** "Use my location", what it gave, and the address (searched as typed, 700 ms after the last key). */
export function WhereFields({ where, helperText, error }: { where: Where; helperText: string; error?: string }) {
  return (
    <>
      <Stack spacing={1}>
        <Button variant="outlined" size="large" startIcon={<MyLocation />} onClick={where.locate} disabled={where.position.kind === 'asking'}>
          Use my location
        </Button>
        <PositionLine state={where.position} />
      </Stack>
      <AddressSearchField
        value={where.address}
        onChange={(text) => {
          where.setAddress(text);
          where.setPlace(null);
        }}
        onPlace={(chosen) => {
          where.setAddress(placeLabel(chosen));
          where.setPlace(chosen);
        }}
        error={error}
        helperText={helperText}
      />
    </>
  );
}
