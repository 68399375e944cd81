import { describe, expect, it } from 'vitest'
import { showroomCities, showroomPhoneText, showroomTel, showroomTime, type Showroom } from './showrooms'

const room = (id: string, region_id: number, city: string): Showroom => ({
  id,
  region_id,
  city,
  name: id,
  address: '',
  opens: '10:00',
  closes: '23:00',
  friday_opens: '16:00',
  friday_closes: '23:00',
  phone: '0112180400',
  map_url: 'https://maps.google.com/?q=24.7,46.6',
})

describe('showrooms', () => {
  it('groups showrooms by city in their order, the shopper city first', () => {
    const rooms = [room('r1', 1101, 'Riyadh'), room('r2', 1101, 'Riyadh'), room('j1', 1102, 'Jeddah'), room('d1', 1105, 'Dammam')]
    expect(showroomCities(rooms, null).map((c) => [c.region_id, c.showrooms.map((s) => s.id)])).toEqual([
      [1101, ['r1', 'r2']],
      [1102, ['j1']],
      [1105, ['d1']],
    ])
    expect(showroomCities(rooms, 1105).map((c) => c.region_id)).toEqual([1105, 1101, 1102])
    expect(showroomCities(rooms, 1111).map((c) => c.region_id)).toEqual([1101, 1102, 1105])
  })
  it('shows Riyadh wall-clock times in the page language with Western digits', () => {
    expect(showroomTime('10:00', 'en')).toBe('10:00 AM')
    expect(showroomTime('23:00', 'en')).toBe('11:00 PM')
    expect(showroomTime('16:30', 'ar')).toBe('4:30 م')
    expect(showroomTime('10:00', 'ar')).toBe('10:00 ص')
  })
  it('dials a landline from anywhere and writes it in groups', () => {
    expect(showroomTel('0112180400')).toBe('tel:+966112180400')
    expect(showroomPhoneText('0112180400')).toBe('011 218 0400')
  })
})
