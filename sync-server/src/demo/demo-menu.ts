import { NO_THANKS_LABEL } from '@comanda/shared-schema';

/**
 * The demo venue's menu (a pizzeria-trattoria in Irpinia). Prices in cents. Single-choice
 * variants are mandatory ('Formato', 'Cottura', 'Salsa'); 'Ingredienti' is a multi-choice
 * variant with a 'no, grazie!' option and ingredients a customer may mark removed, which puts
 * 'NO Cipolla' in the note.
 */
export interface DemoOption {
  label: string;
  price?: number;
}
export interface DemoVariant {
  name: string;
  multi: boolean;
  options: DemoOption[];
}
export interface DemoDish {
  name: string;
  price: number;
  description: string;
  variants?: DemoVariant[];
}
export interface DemoCategory {
  name: string;
  area: 'cucina' | 'bar' | 'fritti';
  dishes: DemoDish[];
}

/** 'no, grazie!' first, then the dish's own ingredients at no extra cost. */
const ingredients = (...labels: string[]): DemoOption[] => [
  { label: NO_THANKS_LABEL },
  ...labels.map((label) => ({ label })),
];

export const demoMenu: DemoCategory[] = [
  {
    name: 'Pizze',
    area: 'cucina',
    dishes: [
      {
        name: 'Margherita',
        price: 600,
        description: 'Pomodoro San Marzano, fiordilatte, basilico, olio extravergine',
        variants: [
          {
            name: 'Formato',
            multi: false,
            options: [{ label: 'Normale' }, { label: 'Maxi', price: 400 }, { label: 'Baby' }],
          },
        ],
      },
      { name: 'Marinara', price: 500, description: 'Pomodoro, aglio, origano, olio extravergine' },
      { name: 'Diavola', price: 750, description: 'Pomodoro, fiordilatte, salame piccante' },
      {
        name: 'Capricciosa',
        price: 850,
        description: 'Pomodoro, fiordilatte, prosciutto cotto, funghi, carciofini, olive',
        variants: [
          {
            name: 'Ingredienti',
            multi: true,
            options: ingredients('Carciofini', 'Funghi', 'Olive', 'Prosciutto cotto'),
          },
        ],
      },
      { name: 'Quattro formaggi', price: 800, description: 'Fiordilatte, gorgonzola, provola, parmigiano' },
    ],
  },
  {
    name: 'Primi',
    area: 'cucina',
    dishes: [
      {
        name: 'Spaghetti alla carbonara',
        price: 1100,
        description: 'Guanciale, uovo, pecorino romano, pepe',
      },
      { name: 'Paccheri al ragù napoletano', price: 1200, description: 'Ragù cotto otto ore' },
      { name: 'Gnocchi alla sorrentina', price: 1000, description: 'Pomodoro, provola, basilico' },
      { name: 'Linguine alle vongole', price: 1400, description: 'Vongole veraci, aglio, prezzemolo' },
    ],
  },
  {
    name: 'Secondi',
    area: 'cucina',
    dishes: [
      {
        name: 'Tagliata di manzo',
        price: 1800,
        description: 'Rucola e scaglie di grana',
        variants: [
          {
            name: 'Cottura',
            multi: false,
            options: [{ label: 'Al sangue' }, { label: 'Media' }, { label: 'Ben cotta' }],
          },
        ],
      },
      { name: 'Salsiccia e friarielli', price: 1200, description: 'Salsiccia di maiale alla brace' },
      {
        name: 'Hamburger della casa',
        price: 1300,
        description: 'Manzo 200 g, cheddar, cipolla, insalata, pomodoro, patatine',
        variants: [
          {
            name: 'Ingredienti',
            multi: true,
            options: ingredients('Cheddar', 'Cipolla', 'Insalata', 'Pomodoro'),
          },
          {
            name: 'Aggiunte',
            multi: true,
            options: [
              { label: 'Bacon', price: 150 },
              { label: 'Uovo', price: 100 },
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Fritti',
    area: 'fritti',
    dishes: [
      { name: 'Frittatina di pasta', price: 350, description: 'Bucatini, besciamella, piselli, prosciutto' },
      { name: 'Crocchè di patate', price: 250, description: 'Patate, provola, prezzemolo' },
      { name: 'Montanarina', price: 300, description: 'Pizzetta fritta al pomodoro e parmigiano' },
      { name: 'Arancino al ragù', price: 350, description: 'Riso, ragù, piselli, provola' },
      {
        name: 'Patatine fritte',
        price: 400,
        description: 'Porzione grande',
        variants: [
          {
            name: 'Salsa',
            multi: false,
            options: [{ label: NO_THANKS_LABEL }, { label: 'Ketchup' }, { label: 'Maionese' }],
          },
        ],
      },
    ],
  },
  {
    name: 'Bevande',
    area: 'bar',
    dishes: [
      { name: 'Acqua naturale 0,5 l', price: 150, description: '' },
      { name: 'Coca-Cola 33 cl', price: 300, description: '' },
      { name: 'Birra alla spina 0,4 l', price: 500, description: 'Bionda' },
      { name: 'Aperol Spritz', price: 600, description: '' },
      { name: 'Caffè', price: 150, description: '' },
      { name: 'Limoncello', price: 300, description: 'Della casa' },
    ],
  },
  {
    name: 'Dolci',
    area: 'cucina',
    dishes: [
      { name: 'Tiramisù', price: 500, description: 'Fatto in casa' },
      { name: 'Babà al rum', price: 450, description: '' },
    ],
  },
];
