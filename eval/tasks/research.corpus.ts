/**
 * The research evaluation's fixed corpus (issue 25): topics with the facets a reader expects, and
 * the local web pages the pipeline reads for each (served on 127.0.0.1 by research.eval.ts). The
 * urban-heat-islands topic reads the API e2e's own fixture web (apps/api/test/research-web.ts).
 */

export interface CorpusPage {
  /** Path on the local web, e.g. /heat-pumps/refrigerants. */
  path: string;
  title: string;
  author?: string;
  /** Paragraphs of the page's article. */
  paragraphs: string[];
}

export interface CorpusTopic {
  topic: string;
  /** The facets the topic asks about, each with words that show a sentence is about it. */
  facets: { name: string; words: string[] }[];
  /** Paths of the pages read for it (CORPUS_PAGES), or 'research-web' for the e2e fixture web. */
  pages: string[] | 'research-web';
}

export const CORPUS_PAGES: CorpusPage[] = [
  {
    path: '/heat-pumps/refrigerants',
    title: 'Heat pump refrigerants: from R410A to propane',
    author: 'Anna Schmidt',
    paragraphs: [
      'Every heat pump moves heat with a refrigerant, a fluid that boils at a low temperature and is pumped around a sealed circuit.',
      'For two decades most air-source heat pumps used R410A, a hydrofluorocarbon with a global warming potential of about 2,088 times that of carbon dioxide.',
      'The European F-gas regulation is phasing out refrigerants with a high global warming potential, so manufacturers have moved to R32 and to natural refrigerants.',
      'R32 has a global warming potential of 675, roughly a third of R410A, and it transfers heat efficiently at lower charge sizes.',
      'Propane, sold as R290, has a global warming potential of 3 and works well at high flow temperatures, which makes it suitable for replacing gas boilers in older homes with radiators.',
      'Because propane is flammable, R290 units are usually sealed monobloc systems installed outdoors, and installers follow strict rules on the distance to windows and drains.',
      'Carbon dioxide, known as R744, is another natural refrigerant used mainly in hot-water heat pumps because it reaches very high water temperatures.',
      'Leaks matter because a refrigerant released into the air adds to global warming, which is why sealed systems and certified installers are required.',
      'Propane units also keep their output well in cold weather, since R290 stays efficient at low outdoor temperatures.',
      'The choice of refrigerant has little effect on installation costs, although R290 monobloc units avoid the extra work of connecting refrigerant pipes inside the house.',
    ],
  },
  {
    path: '/heat-pumps/noise',
    title: 'How loud is a heat pump?',
    author: 'Ben Walker',
    paragraphs: [
      'The outdoor unit of an air-source heat pump makes noise from its fan and its compressor.',
      'Most modern units produce a sound pressure level of 40 to 60 decibels at a distance of one metre, comparable to a quiet conversation or a fridge.',
      'Noise is highest during defrost cycles and on the coldest days, when the compressor runs at full speed.',
      'Placement matters more than the model: a unit facing a neighbour’s bedroom window or installed in a narrow passage between walls will sound louder because the walls reflect the sound.',
      'In England, a heat pump installed under permitted development rights must not exceed 42 decibels at the nearest neighbouring window.',
      'Anti-vibration mounts, a solid base and a night-time quiet mode reduce the noise that neighbours hear.',
      'Manufacturers publish a sound power level, which describes the noise the unit emits, and a sound pressure level, which describes what a person hears at a given distance.',
      'A wall or fence between the unit and the neighbour’s window can lower the noise by several decibels.',
      'In cold weather the fan runs faster, so a unit that is silent in autumn may be clearly audible on a frosty night.',
    ],
  },
  {
    path: '/heat-pumps/installation-costs',
    title: 'What does it cost to install a heat pump?',
    author: 'Claire Dupont',
    paragraphs: [
      'Installing an air-source heat pump in a typical three-bedroom house costs between £7,000 and £14,000 before any grant.',
      'The price depends on the size of the unit, whether radiators or pipework have to be replaced, and whether a hot-water cylinder is needed.',
      'Ground-source heat pumps cost considerably more to install, often £20,000 to £35,000, because the ground loop needs trenches or a borehole.',
      'In England the Boiler Upgrade Scheme pays £7,500 towards an air-source or ground-source heat pump, which can halve the upfront cost.',
      'Older homes may also need better insulation before a heat pump is installed, which adds to the installation costs but lowers the running costs.',
      'Installers recommend getting at least three quotes that include a room-by-room heat loss calculation.',
      'Labour usually accounts for a third to a half of the total installation costs.',
      'Replacing a few undersized radiators adds roughly £300 to £800 per radiator to the bill.',
      'A new hot-water cylinder typically adds £1,000 to £2,000 when the home has a combination boiler today.',
    ],
  },
  {
    path: '/heat-pumps/cold-climate',
    title: 'Heat pumps in cold climates',
    author: 'Erik Lindqvist',
    paragraphs: [
      'Cold-climate air-source heat pumps are designed to keep heating when the outdoor temperature drops to minus 25 degrees Celsius.',
      'They use variable-speed compressors and vapour injection so that the coefficient of performance stays around 2 at minus 15 degrees Celsius, meaning two units of heat for each unit of electricity.',
      'At milder temperatures the same units reach a coefficient of performance of 3 to 4.',
      'In Norway and Finland more than 60 percent of households now heat with heat pumps, which shows that the technology works in long, cold winters.',
      'On the coldest days the outdoor coil ices up, and the unit runs short defrost cycles that briefly lower its output.',
      'Some homes keep a small electric backup heater for the few hours a year when demand is highest.',
      'Installers size cold-climate systems for the design temperature of the region, the coldest outdoor temperature the home must be kept warm at.',
      'Performance in the cold also depends on the building: a well-insulated home needs lower flow temperatures, which keeps the heat pump efficient.',
      'Cold-climate models usually cost more than standard units, but they avoid the expense of running a backup heater for long periods.',
    ],
  },
  {
    path: '/heat-pumps/how-they-work',
    title: 'How heat pumps work',
    paragraphs: [
      'A heat pump moves heat from outside air, the ground or water into a building instead of burning fuel to make heat.',
      'Its refrigerant absorbs heat as it evaporates in the outdoor coil, a compressor raises its temperature, and the heat is released into the home’s radiators or air.',
      'Because it moves heat rather than generating it, a heat pump typically delivers three to four units of heat for every unit of electricity it uses.',
      'Heat pumps can also run in reverse to cool a home in summer.',
      'They work best in well-insulated homes with large radiators or underfloor heating, which need lower water temperatures.',
      'The refrigerant circuit is sealed at the factory in monobloc units, while split systems have refrigerant pipes that an installer connects on site.',
      'The compressor and the fan are the main sources of noise, and both sit in the outdoor unit.',
    ],
  },
  {
    path: '/heat-pumps/field-trial',
    title: 'Field trial: heat pumps in 750 homes',
    author: 'Energy Systems Catapult',
    paragraphs: [
      'A field trial monitored heat pumps in 750 homes of every age and type over two winters.',
      'The median seasonal performance factor was 2.8, and the best installations reached more than 3.5.',
      'Homes in the colder northern regions had a seasonal performance factor only slightly lower than homes in the south, even during a cold spell in which temperatures fell below minus 10 degrees Celsius.',
      'The trial found that older homes were just as suitable as newer ones once the radiators were sized correctly.',
      'Running costs were similar to a gas boiler on a standard tariff and lower on a tariff designed for heat pumps.',
      'Participants reported that the outdoor units were quieter than they had expected.',
      'Installation costs in the trial varied widely, from about £4,000 to more than £20,000, mostly depending on how many radiators were replaced.',
      'Only a few participants complained about noise, and those complaints concerned units placed close to bedroom windows.',
      'The trial concluded that the quality of the design and installation mattered more to performance than the age of the house.',
    ],
  },
  {
    path: '/heat-pumps/buyers-guide',
    title: 'A buyer’s guide to heat pumps',
    author: 'Which Home',
    paragraphs: [
      'Choosing a heat pump starts with a heat loss survey, which tells the installer how large the unit needs to be.',
      'An oversized unit cycles on and off, wastes energy and makes more noise than a correctly sized one.',
      'Look for a unit with a low sound power level on its label and ask where the installer plans to put it.',
      'Units using R290 or R32 refrigerant are more future-proof than older R410A models.',
      'A good installer explains the expected running costs, the controls and the maintenance, which is usually one service a year.',
      'Compare quotes on the total installation cost, including radiators, cylinder and electrical work, rather than on the price of the unit alone.',
      'If you live in a cold region, ask for the unit’s output at minus 15 degrees Celsius, not only at 7 degrees.',
      'An installer certified to handle flammable refrigerants is needed for R290 systems.',
    ],
  },
  {
    path: '/heat-pumps/grants',
    title: 'Grants and running costs for heat pumps',
    paragraphs: [
      'Government grants reduce the installation costs of heat pumps in many countries.',
      'In England the Boiler Upgrade Scheme grant is £7,500, and in Scotland a combined grant and interest-free loan can cover most of the cost.',
      'In the United States, a federal tax credit covers 30 percent of the cost of an efficient heat pump, up to $2,000 a year.',
      'After installation, the running costs depend on the price of electricity compared with gas and on how efficiently the system was designed.',
      'Households that combine a heat pump with solar panels or a time-of-use tariff see the lowest running costs.',
      'Grants usually require a recent energy performance certificate and an installer registered with a certification scheme.',
      'Some local authorities add their own grants for low-income households, which can cover the whole installation cost.',
    ],
  },
  {
    path: '/sourdough/starter-feeding',
    title: 'Feeding a sourdough starter',
    author: 'Paul Baker',
    paragraphs: [
      'A sourdough starter is a mixture of flour and water in which wild yeast and lactic acid bacteria live.',
      'To keep it active, feed it every day with equal weights of flour and water, after discarding most of the old starter.',
      'A healthy starter doubles in size within four to eight hours of a feeding at room temperature.',
      'Whole rye or wholemeal flour makes a starter more active than white flour because it contains more nutrients for the yeast.',
    ],
  },
  {
    path: '/sourdough/starter-storage',
    title: 'Storing your starter',
    paragraphs: [
      'A sourdough starter can be stored in the fridge when you bake only once a week.',
      'In the fridge it needs a feeding only once a week, and it should be fed twice at room temperature before baking.',
      'A grey liquid on top, called hooch, means the starter is hungry; pour it off and feed the starter.',
      'For longer breaks, a starter can be dried into flakes and stored for months.',
    ],
  },
  {
    path: '/remote-work/productivity-study',
    title: 'Does working from home make people more productive?',
    author: 'Nicholas Grant',
    paragraphs: [
      'A two-year study of 16,000 call-centre employees found that working from home raised productivity by 13 percent.',
      'Most of the gain came from fewer breaks and sick days and from a quieter working environment.',
      'Later studies of software teams found that hybrid work, with two or three office days a week, kept productivity stable while reducing staff turnover.',
      'Productivity fell in jobs that depend on close collaboration and on mentoring new employees.',
    ],
  },
  {
    path: '/remote-work/wellbeing',
    title: 'Remote work and wellbeing',
    author: 'Sara Okafor',
    paragraphs: [
      'Remote workers report less stress from commuting and more time with their families.',
      'At the same time, loneliness is one of the most common complaints of people who work from home full time.',
      'Surveys show that many remote employees find it hard to switch off because work and home share the same space.',
      'Regular video calls with colleagues, a separate workspace and fixed working hours help protect wellbeing.',
    ],
  },
  {
    path: '/remote-work/hybrid-office',
    title: 'The hybrid office',
    paragraphs: [
      'Many employers now ask staff to come to the office two or three days a week.',
      'Companies say that in-person days help with collaboration, training and company culture.',
      'Employees who value flexibility say that remote days improve their wellbeing and let them concentrate on focused work.',
      'Office space is being redesigned with fewer desks and more meeting rooms.',
    ],
  },
  {
    path: '/composting/community-benefits',
    title: 'Why community composting matters',
    author: 'Green Streets',
    paragraphs: [
      'Community composting turns food scraps and garden waste from a neighbourhood into compost for local gardens.',
      'It keeps organic waste out of landfill, where it would release methane, a powerful greenhouse gas.',
      'The finished compost improves soil structure and helps the soil hold water.',
      'Shared compost sites also bring neighbours together and teach children where food waste goes.',
    ],
  },
  {
    path: '/composting/running-a-site',
    title: 'Running a community compost site',
    author: 'Green Streets',
    paragraphs: [
      'A small community compost site needs a few bins, a supply of dry brown material such as leaves or cardboard, and a rota of volunteers.',
      'Setting up a site with three bins and a tool store typically costs a few hundred pounds, and many councils offer small grants to cover it.',
      'The most common problem is a wet, smelly heap, which happens when there is too much food waste and not enough brown material.',
      'Rats can be kept away by leaving out meat and cooked food and by putting mesh under the bins.',
    ],
  },
];

export const CORPUS_TOPICS: CorpusTopic[] = [
  {
    topic: 'Heat pumps: refrigerants, noise, installation costs and cold-climate performance',
    facets: [
      { name: 'refrigerants', words: ['refrigerant', 'refrigerants', 'R290', 'R32', 'R410A', 'propane'] },
      { name: 'noise', words: ['noise', 'decibels', 'quiet', 'quieter', 'loud'] },
      { name: 'installation costs', words: ['cost', 'costs', '£', 'grant', 'price'] },
      { name: 'cold-climate performance', words: ['cold', 'minus', 'winters', 'coefficient'] },
    ],
    pages: [
      '/heat-pumps/refrigerants',
      '/heat-pumps/noise',
      '/heat-pumps/installation-costs',
      '/heat-pumps/cold-climate',
      '/heat-pumps/how-they-work',
      '/heat-pumps/field-trial',
      '/heat-pumps/buyers-guide',
      '/heat-pumps/grants',
    ],
  },
  {
    topic: 'Cold-climate air-source heat pumps: real-world performance and costs',
    facets: [
      { name: 'real-world performance', words: ['performance', 'coefficient', 'trial'] },
      { name: 'costs', words: ['cost', 'costs', '£', 'grant'] },
    ],
    pages: ['/heat-pumps/cold-climate', '/heat-pumps/field-trial', '/heat-pumps/installation-costs'],
  },
  {
    topic: 'Urban heat islands',
    facets: [
      { name: 'causes', words: ['cause', 'absorb', 'asphalt', 'vegetation', 'waste heat'] },
      { name: 'health effects', words: ['health', 'heatwave', 'illness', 'deaths'] },
      { name: 'measures', words: ['cool roofs', 'trees', 'parks', 'plans'] },
    ],
    pages: 'research-web',
  },
  {
    topic: 'Sourdough starter: feeding and storage',
    facets: [
      { name: 'feeding', words: ['feed', 'feeding', 'flour'] },
      { name: 'storage', words: ['fridge', 'stored', 'storage', 'dried'] },
    ],
    pages: ['/sourdough/starter-feeding', '/sourdough/starter-storage'],
  },
  {
    topic: 'Remote work: productivity, wellbeing and tax rules',
    facets: [
      { name: 'productivity', words: ['productivity', 'productive'] },
      { name: 'wellbeing', words: ['wellbeing', 'stress', 'loneliness'] },
      { name: 'tax rules', words: ['tax'] },
    ],
    pages: ['/remote-work/productivity-study', '/remote-work/wellbeing', '/remote-work/hybrid-office'],
  },
  {
    topic: 'Community composting: benefits, costs and common problems',
    facets: [
      { name: 'benefits', words: ['landfill', 'soil', 'neighbours', 'methane'] },
      { name: 'costs', words: ['cost', 'costs', 'grants', 'pounds'] },
      { name: 'common problems', words: ['problem', 'smelly', 'rats'] },
    ],
    pages: ['/composting/community-benefits', '/composting/running-a-site'],
  },
];
