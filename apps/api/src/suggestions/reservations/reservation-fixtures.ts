/**
 * Confirmation bodies as airlines, hotels, car rentals, railways and box offices send them: the
 * shapes of Google's Email Markup reference (developers.google.com/workspace/gmail/markup). Used by
 * the unit tests and the e2e tests, which deliver them over SMTP.
 */

const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

export const flightMarkup = {
  '@context': 'http://schema.org',
  '@type': 'FlightReservation',
  reservationNumber: 'RXJ34P',
  reservationStatus: 'http://schema.org/ReservationConfirmed',
  underName: { '@type': 'Person', name: 'Eva Green' },
  totalPrice: '1,250.00',
  priceCurrency: 'USD',
  reservationFor: {
    '@type': 'Flight',
    flightNumber: '117',
    airline: { '@type': 'Airline', name: 'British Airways', iataCode: 'BA' },
    departureAirport: { '@type': 'Airport', name: 'London Heathrow', iataCode: 'LHR' },
    departureTime: '2027-03-10T11:40:00+00:00',
    arrivalAirport: {
      '@type': 'Airport',
      name: 'New York JFK',
      iataCode: 'JFK',
      address: { '@type': 'PostalAddress', addressLocality: 'New York' },
    },
    arrivalTime: '2027-03-10T14:45:00-05:00',
  },
};

export const hotelMarkup = {
  '@context': 'http://schema.org',
  '@type': 'LodgingReservation',
  reservationNumber: 'HLM-55012',
  reservationStatus: 'http://schema.org/ReservationConfirmed',
  underName: { '@type': 'Person', name: 'Eva Green' },
  reservationFor: {
    '@type': 'LodgingBusiness',
    name: 'The Greenwich Hotel',
    address: {
      '@type': 'PostalAddress',
      streetAddress: '377 Greenwich St',
      addressLocality: 'New York',
      addressRegion: 'NY',
      postalCode: '10013',
      addressCountry: 'US',
    },
    telephone: '+1-212-941-8900',
  },
  checkinTime: '2027-03-10T15:00:00-05:00',
  checkoutTime: '2027-03-14T11:00:00-04:00',
  totalPrice: { '@type': 'PriceSpecification', price: '980.50', priceCurrency: 'USD' },
};

export const flightConfirmationHtml = `<html><body>
<p>Thank you for booking with British Airways. Your booking reference is <b>RXJ34P</b>.</p>
${jsonLd(flightMarkup)}
</body></html>`;

export const hotelConfirmationHtml = `<html><head>${jsonLd(hotelMarkup)}</head><body>
<p>Your stay at The Greenwich Hotel is confirmed (confirmation HLM-55012).</p>
</body></html>`;

export const carConfirmationHtml = jsonLd({
  '@context': 'http://schema.org',
  '@type': 'RentalCarReservation',
  reservationNumber: 'H-99812',
  underName: { '@type': 'Person', name: 'Eva Green' },
  reservationFor: {
    '@type': 'Car',
    name: 'Volkswagen Golf',
    brand: { '@type': 'Brand', name: 'Volkswagen' },
    rentalCompany: { '@type': 'Organization', name: 'Hertz' },
  },
  pickupLocation: {
    '@type': 'Place',
    name: 'Nice Côte d’Azur Airport',
    address: { '@type': 'PostalAddress', addressLocality: 'Nice', addressCountry: 'FR' },
  },
  pickupTime: '2027-06-02T10:00:00+02:00',
  dropoffLocation: {
    '@type': 'Place',
    name: 'Nice Côte d’Azur Airport',
    address: { '@type': 'PostalAddress', addressLocality: 'Nice', addressCountry: 'FR' },
  },
  dropoffTime: '2027-06-09T10:00:00+02:00',
  price: '312.40',
  priceCurrency: 'EUR',
});

export const trainConfirmationHtml = jsonLd({
  '@context': 'http://schema.org',
  '@type': 'TrainReservation',
  reservationNumber: 'DB7Q2K',
  underName: { '@type': 'Person', name: 'Eva Green' },
  reservationFor: {
    '@type': 'TrainTrip',
    trainName: 'ICE',
    trainNumber: '597',
    departureStation: { '@type': 'TrainStation', name: 'Berlin Hbf' },
    departureTime: '2027-05-04T08:29:00+02:00',
    arrivalStation: {
      '@type': 'TrainStation',
      name: 'München Hbf',
      address: { '@type': 'PostalAddress', addressLocality: 'München' },
    },
    arrivalTime: '2027-05-04T12:31:00+02:00',
  },
});

export const eventConfirmationHtml = jsonLd({
  '@context': 'http://schema.org',
  '@type': 'EventReservation',
  reservationNumber: 'TM-4411',
  underName: { '@type': 'Person', name: 'Eva Green' },
  reservationFor: {
    '@type': 'Event',
    name: 'La Traviata',
    startDate: '2027-04-18T19:30:00+01:00',
    endDate: '2027-04-18T22:45:00+01:00',
    location: {
      '@type': 'Place',
      name: 'Royal Opera House',
      address: { '@type': 'PostalAddress', streetAddress: 'Bow St', addressLocality: 'London' },
    },
  },
  totalPrice: 180,
  priceCurrency: 'GBP',
});

/** Google's microdata example, shape for shape (nested itemscopes, meta, link and time). */
export const microdataHotelHtml = `<div itemscope itemtype="http://schema.org/LodgingReservation">
  <meta itemprop="reservationNumber" content="abc456"/>
  <link itemprop="reservationStatus" href="http://schema.org/ReservationConfirmed"/>
  <div itemprop="underName" itemscope itemtype="http://schema.org/Person">
    <meta itemprop="name" content="John Smith"/>
  </div>
  <div itemprop="reservationFor" itemscope itemtype="http://schema.org/LodgingBusiness">
    <p>Your stay at <span itemprop="name">Hotel Le Marais</span>
    <span itemprop="address" itemscope itemtype="http://schema.org/PostalAddress">
      <span itemprop="streetAddress">11 Rue de Turenne</span>,
      <span itemprop="addressLocality">Paris</span>
      <meta itemprop="addressCountry" content="FR"/>
    </span></p>
  </div>
  <p>Check-in: <time itemprop="checkinTime" datetime="2027-09-01T15:00:00+02:00">1 September, 3 pm</time></p>
  <p>Check-out: <time itemprop="checkoutTime" datetime="2027-09-04T11:00:00+02:00">4 September, 11 am</time></p>
  <p>Total: <span itemprop="totalPrice">420,00</span> <meta itemprop="priceCurrency" content="EUR"/>€</p>
</div>`;

/** A round trip as one JSON-LD array, and a @graph: both are lists of reservations. */
export const roundTripGraphHtml = jsonLd({
  '@context': 'http://schema.org',
  '@graph': [
    {
      '@type': 'FlightReservation',
      reservationNumber: 'LX8K2A',
      totalPrice: 640,
      priceCurrency: 'CHF',
      reservationFor: {
        '@type': 'Flight',
        flightNumber: 'LX318',
        airline: { '@type': 'Airline', iataCode: 'LX' },
        departureAirport: { '@type': 'Airport', name: 'Zurich Airport', iataCode: 'ZRH' },
        departureTime: '2027-07-01T07:05:00+02:00',
        arrivalAirport: { '@type': 'Airport', name: 'London City Airport', iataCode: 'LCY' },
        arrivalTime: '2027-07-01T07:55:00+01:00',
      },
    },
    {
      '@type': 'FlightReservation',
      reservationNumber: 'LX8K2A',
      totalPrice: 640,
      priceCurrency: 'CHF',
      reservationFor: {
        '@type': 'Flight',
        flightNumber: 'LX457',
        airline: { '@type': 'Airline', iataCode: 'LX' },
        departureAirport: { '@type': 'Airport', name: 'London City Airport', iataCode: 'LCY' },
        departureTime: '2027-07-05T18:40:00+01:00',
        arrivalAirport: { '@type': 'Airport', name: 'Zurich Airport', iataCode: 'ZRH' },
        arrivalTime: '2027-07-05T21:25:00+02:00',
      },
    },
  ],
});
