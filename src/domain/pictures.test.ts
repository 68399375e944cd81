import { describe, expect, it } from 'vitest'
import { pictureDeliveryOf, pictureSources } from './pictures'

describe('pictureSources', () => {
  it('gives a picture its own address when nothing resizes it', () => {
    expect(pictureSources('https://cdn.example.sa/p/1.jpg', 'direct')).toEqual({ src: 'https://cdn.example.sa/p/1.jpg' })
  })

  it('resizes through /cdn-cgi/image at quality 75 and the best format, one width per breakpoint', () => {
    expect(pictureSources('https://cdn.example.sa/p/1.jpg', 'cdn-cgi', [768, 320])).toEqual({
      src: '/cdn-cgi/image/width=768,quality=75,format=auto/https://cdn.example.sa/p/1.jpg',
      srcSet:
        '/cdn-cgi/image/width=320,quality=75,format=auto/https://cdn.example.sa/p/1.jpg 320w, ' +
        '/cdn-cgi/image/width=768,quality=75,format=auto/https://cdn.example.sa/p/1.jpg 768w',
    })
    // A path on the store is a path on the zone.
    expect(pictureSources('/pictures/chair.jpg', 'cdn-cgi', [400]).src).toBe('/cdn-cgi/image/width=400,quality=75,format=auto/pictures/chair.jpg')
  })

  it('never resizes the generated drawings', () => {
    expect(pictureSources('/media/product/sofa-chair-black-0.svg', 'cdn-cgi')).toEqual({ src: '/media/product/sofa-chair-black-0.svg' })
  })

  it('reads the setting, direct unless it says cdn-cgi', () => {
    expect(pictureDeliveryOf('cdn-cgi')).toBe('cdn-cgi')
    expect(pictureDeliveryOf('')).toBe('direct')
    expect(pictureDeliveryOf(undefined)).toBe('direct')
  })
})
