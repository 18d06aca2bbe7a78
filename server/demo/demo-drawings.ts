/**
 * Drawings for the demo content: SVG sources, rasterised by the seeder with
 * sharp, so a fresh site shows believable pictures without downloading any.
 * One palette throughout, after Bhutanese building: whitewashed walls, dark
 * timber, maroon bands, slate and pine. A seed varies every drawing.
 */

export type DrawingKind = 'facade' | 'plan' | 'interior' | 'site';

const PALETTE = {
  whitewash: '#f4efe4',
  cream: '#efe3c8',
  ochre: '#c8963e',
  maroon: '#7a1f1f',
  slate: '#4a5560',
  pine: '#2f5233',
  sage: '#8fa37a',
  sky: '#cfdde6',
  dusk: '#e9c7a4',
  timber: '#5a3a22',
  mountain: '#8a9aa6',
  snow: '#f8f8f5',
  paper: '#f7f4ec',
  ink: '#27313a',
};

/** mulberry32: small, fast and deterministic, so a seed always draws the same picture. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function between(rand: () => number, min: number, max: number): number {
  return min + (max - min) * rand();
}

function whole(rand: () => number, min: number, max: number): number {
  return Math.floor(between(rand, min, max + 1));
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function mountains(
  rand: () => number,
  horizon: number,
  width: number,
  colour: string,
  peaks: number,
  height: number,
): string {
  const points: string[] = [`0,${horizon}`];
  const step = width / peaks;
  for (let index = 0; index <= peaks; index += 1) {
    const x = index * step + between(rand, -step / 4, step / 4);
    points.push(`${x.toFixed(0)},${(horizon - between(rand, height * 0.4, height)).toFixed(0)}`);
    points.push(`${(x + step / 2).toFixed(0)},${(horizon - between(rand, 0, height * 0.3)).toFixed(0)}`);
  }
  points.push(`${width},${horizon}`);
  return `<polygon points="${points.join(' ')}" fill="${colour}"/>`;
}

function prayerFlags(rand: () => number, x1: number, y1: number, x2: number, y2: number): string {
  const colours = ['#2f6db3', '#f4efe4', '#b8322a', '#3f7f46', '#e3b33a'];
  const count = whole(rand, 10, 16);
  let flags = `<path d="M${x1} ${y1} Q${(x1 + x2) / 2} ${Math.max(y1, y2) + 40} ${x2} ${y2}" stroke="${PALETTE.ink}" stroke-width="2" fill="none"/>`;
  for (let index = 1; index < count; index += 1) {
    const t = index / count;
    const x = (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * ((x1 + x2) / 2) + t * t * x2;
    const y = (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * (Math.max(y1, y2) + 40) + t * t * y2;
    flags += `<rect x="${(x - 9).toFixed(0)}" y="${y.toFixed(0)}" width="18" height="24" fill="${colours[index % colours.length]}" opacity="0.92"/>`;
  }
  return flags;
}

function traditionalWindow(x: number, y: number, width: number, height: number, trim: string): string {
  // The trapezoid frame and lintel of a traditional window, drawn plainly.
  const flare = width * 0.12;
  return [
    `<polygon points="${x - flare},${y + height} ${x + width + flare},${y + height} ${x + width},${y} ${x},${y}" fill="${trim}"/>`,
    `<rect x="${x + 4}" y="${y + 4}" width="${width - 8}" height="${height - 8}" fill="#2b3640"/>`,
    `<line x1="${x + width / 2}" y1="${y + 4}" x2="${x + width / 2}" y2="${y + height - 4}" stroke="${trim}" stroke-width="3"/>`,
    `<rect x="${x - flare - 4}" y="${y - 10}" width="${width + 2 * flare + 8}" height="10" fill="${PALETTE.timber}"/>`,
  ].join('');
}

function drawFacade(rand: () => number): string {
  const dusk = rand() < 0.35;
  const horizon = between(rand, 560, 620);
  const floors = whole(rand, 2, 4);
  const bays = whole(rand, 3, 6);
  const floorHeight = between(rand, 95, 120);
  const buildingWidth = between(rand, 560, 860);
  const left = between(rand, 120, 1080 - buildingWidth);
  const base = horizon + 40;
  const top = base - floors * floorHeight;
  const roof = pick(rand, [PALETTE.slate, PALETTE.pine, PALETTE.maroon, '#6b7b52']);
  const trim = pick(rand, [PALETTE.maroon, PALETTE.ochre, PALETTE.timber]);
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dusk ? '#7f8fb0' : '#9fbfd6'}"/><stop offset="1" stop-color="${dusk ? PALETTE.dusk : PALETTE.sky}"/></linearGradient></defs>`,
    `<rect width="1200" height="800" fill="url(#sky)"/>`,
    mountains(rand, horizon, 1200, '#a7b4bf', 5, 260),
    mountains(rand, horizon + 20, 1200, PALETTE.mountain, 4, 200),
    `<rect y="${horizon}" width="1200" height="${800 - horizon}" fill="${PALETTE.sage}"/>`,
    `<rect y="${base}" width="1200" height="${800 - base}" fill="#b9ad93"/>`,
  ];
  // Stone plinth, whitewashed walls, and the timber band of the top floor.
  parts.push(`<rect x="${left - 10}" y="${base - 34}" width="${buildingWidth + 20}" height="34" fill="#9c9384"/>`);
  parts.push(
    `<rect x="${left}" y="${top}" width="${buildingWidth}" height="${base - 34 - top}" fill="${PALETTE.whitewash}"/>`,
  );
  parts.push(
    `<rect x="${left}" y="${top}" width="${buildingWidth}" height="${floorHeight * 0.85}" fill="${PALETTE.timber}" opacity="0.88"/>`,
  );
  parts.push(`<rect x="${left}" y="${top + floorHeight * 0.85}" width="${buildingWidth}" height="12" fill="${trim}"/>`);
  const bayWidth = buildingWidth / bays;
  for (let floor = 0; floor < floors; floor += 1) {
    const y = top + floor * floorHeight + floorHeight * 0.25;
    for (let bay = 0; bay < bays; bay += 1) {
      const width = bayWidth * (floor === 0 ? 0.5 : 0.42);
      const x = left + bay * bayWidth + (bayWidth - width) / 2;
      parts.push(traditionalWindow(x, y, width, floorHeight * 0.5, floor === 0 ? PALETTE.cream : trim));
    }
  }
  const door = bayWidth * 0.5;
  const doorX = left + Math.floor(bays / 2) * bayWidth + (bayWidth - door) / 2;
  parts.push(
    `<rect x="${doorX}" y="${base - 34 - floorHeight * 0.6}" width="${door}" height="${floorHeight * 0.6}" fill="${PALETTE.maroon}"/>`,
  );
  // A wide pitched roof with the gap under it that traditional houses keep for air.
  const overhang = between(rand, 40, 70);
  const ridge = top - between(rand, 90, 140);
  parts.push(`<rect x="${left + 30}" y="${top - 26}" width="${buildingWidth - 60}" height="26" fill="#3b2a1e"/>`);
  parts.push(
    `<polygon points="${left - overhang},${top - 18} ${left + buildingWidth + overhang},${top - 18} ${left + buildingWidth / 2 + 60},${ridge} ${left + buildingWidth / 2 - 60},${ridge}" fill="${roof}"/>`,
  );
  parts.push(
    `<rect x="${left + buildingWidth / 2 - 16}" y="${ridge - 26}" width="32" height="26" fill="${PALETTE.ochre}"/>`,
  );
  // Trees and prayer flags in front.
  for (let index = 0; index < whole(rand, 3, 6); index += 1) {
    const x = pick(rand, [between(rand, 20, left - 40), between(rand, left + buildingWidth + 40, 1180)]);
    const size = between(rand, 30, 60);
    parts.push(`<rect x="${x - 4}" y="${base - 10}" width="8" height="40" fill="${PALETTE.timber}"/>`);
    parts.push(
      `<ellipse cx="${x}" cy="${base - 10 - size}" rx="${size * 0.6}" ry="${size * 1.2}" fill="${PALETTE.pine}"/>`,
    );
  }
  parts.push(
    prayerFlags(
      rand,
      between(rand, 20, 200),
      between(rand, 380, 460),
      between(rand, 300, 520),
      between(rand, 430, 520),
    ),
  );
  return svg(1200, 800, parts.join(''));
}

interface Room {
  x: number;
  y: number;
  width: number;
  height: number;
}

function splitRooms(rand: () => number, room: Room, depth: number): Room[] {
  if (depth === 0 || (room.width < 260 && room.height < 220)) return [room];
  const vertical = room.width / room.height > 1.2 || (room.width >= 260 && rand() < 0.5);
  const share = between(rand, 0.35, 0.65);
  if (vertical && room.width >= 260) {
    const cut = room.width * share;
    return [
      ...splitRooms(rand, { ...room, width: cut }, depth - 1),
      ...splitRooms(rand, { ...room, x: room.x + cut, width: room.width - cut }, depth - 1),
    ];
  }
  const cut = room.height * share;
  return [
    ...splitRooms(rand, { ...room, height: cut }, depth - 1),
    ...splitRooms(rand, { ...room, y: room.y + cut, height: room.height - cut }, depth - 1),
  ];
}

function drawPlan(rand: () => number): string {
  const blueprint = rand() < 0.5;
  const background = blueprint ? '#1f3b57' : PALETTE.paper;
  const line = blueprint ? '#e8f0f7' : PALETTE.ink;
  const accent = blueprint ? '#8fb8d9' : PALETTE.maroon;
  const outer: Room = {
    x: between(rand, 140, 220),
    y: between(rand, 110, 150),
    width: between(rand, 760, 880),
    height: between(rand, 500, 560),
  };
  const rooms = splitRooms(rand, outer, whole(rand, 3, 4));
  const names = [
    'Living',
    'Kitchen',
    'Bedroom',
    'Bath',
    'Choesham',
    'Store',
    'Dining',
    'Study',
    'Bedroom 2',
    'Veranda',
    'Entry',
  ];
  const parts: string[] = [`<rect width="1200" height="800" fill="${background}"/>`];
  // A faint grid, as on drafting paper.
  for (let x = 0; x <= 1200; x += 40)
    parts.push(`<line x1="${x}" y1="0" x2="${x}" y2="800" stroke="${line}" stroke-opacity="0.07"/>`);
  for (let y = 0; y <= 800; y += 40)
    parts.push(`<line x1="0" y1="${y}" x2="1200" y2="${y}" stroke="${line}" stroke-opacity="0.07"/>`);
  rooms.forEach((room, index) => {
    parts.push(
      `<rect x="${room.x}" y="${room.y}" width="${room.width}" height="${room.height}" fill="none" stroke="${line}" stroke-width="5"/>`,
    );
    const name = names[index % names.length]!;
    parts.push(
      `<text x="${room.x + room.width / 2}" y="${room.y + room.height / 2}" font-family="sans-serif" font-size="20" fill="${line}" text-anchor="middle">${name}</text>`,
    );
    parts.push(
      `<text x="${room.x + room.width / 2}" y="${room.y + room.height / 2 + 24}" font-family="sans-serif" font-size="14" fill="${accent}" text-anchor="middle">${((room.width * room.height) / 4000).toFixed(1)} m²</text>`,
    );
    // A door: a gap in the wall and its swing.
    const doorX = room.x + between(rand, 20, Math.max(30, room.width - 80));
    parts.push(`<rect x="${doorX}" y="${room.y + room.height - 4}" width="48" height="8" fill="${background}"/>`);
    parts.push(
      `<path d="M${doorX} ${room.y + room.height} A48 48 0 0 1 ${doorX + 48} ${room.y + room.height - 48}" fill="none" stroke="${accent}" stroke-width="2"/>`,
    );
    parts.push(
      `<line x1="${doorX}" y1="${room.y + room.height}" x2="${doorX}" y2="${room.y + room.height - 48}" stroke="${accent}" stroke-width="2"/>`,
    );
  });
  parts.push(
    `<rect x="${outer.x}" y="${outer.y}" width="${outer.width}" height="${outer.height}" fill="none" stroke="${line}" stroke-width="12"/>`,
  );
  // Dimension lines along two sides.
  const dimY = outer.y + outer.height + 50;
  parts.push(
    `<line x1="${outer.x}" y1="${dimY}" x2="${outer.x + outer.width}" y2="${dimY}" stroke="${accent}" stroke-width="2"/>`,
  );
  parts.push(
    `<line x1="${outer.x}" y1="${dimY - 12}" x2="${outer.x}" y2="${dimY + 12}" stroke="${accent}" stroke-width="2"/>`,
  );
  parts.push(
    `<line x1="${outer.x + outer.width}" y1="${dimY - 12}" x2="${outer.x + outer.width}" y2="${dimY + 12}" stroke="${accent}" stroke-width="2"/>`,
  );
  parts.push(
    `<text x="${outer.x + outer.width / 2}" y="${dimY - 10}" font-family="sans-serif" font-size="18" fill="${accent}" text-anchor="middle">${(outer.width / 50).toFixed(2)} m</text>`,
  );
  const dimX = outer.x - 50;
  parts.push(
    `<line x1="${dimX}" y1="${outer.y}" x2="${dimX}" y2="${outer.y + outer.height}" stroke="${accent}" stroke-width="2"/>`,
  );
  parts.push(
    `<text x="${dimX - 12}" y="${outer.y + outer.height / 2}" font-family="sans-serif" font-size="18" fill="${accent}" text-anchor="middle" transform="rotate(-90 ${dimX - 12} ${outer.y + outer.height / 2})">${(outer.height / 50).toFixed(2)} m</text>`,
  );
  // North arrow and title block.
  parts.push(
    `<g transform="translate(1110 110)"><circle r="34" fill="none" stroke="${line}" stroke-width="2"/><polygon points="0,-28 12,14 0,6 -12,14" fill="${accent}"/><text y="-40" font-family="sans-serif" font-size="18" fill="${line}" text-anchor="middle">N</text></g>`,
  );
  parts.push(
    `<text x="${outer.x}" y="70" font-family="sans-serif" font-size="24" letter-spacing="3" fill="${line}">GROUND FLOOR PLAN · 1:100</text>`,
  );
  return svg(1200, 800, parts.join(''));
}

function drawInterior(rand: () => number): string {
  const wall = pick(rand, [PALETTE.whitewash, PALETTE.cream, '#efe7db']);
  const floor = pick(rand, ['#9a6b45', '#b08258', '#7d5a3c']);
  const back = {
    x: between(rand, 280, 360),
    y: between(rand, 180, 220),
    width: between(rand, 480, 560),
    height: between(rand, 320, 360),
  };
  const right = back.x + back.width;
  const bottom = back.y + back.height;
  const parts: string[] = [
    `<rect width="1200" height="800" fill="${wall}"/>`,
    // Ceiling, floor and side walls in perspective.
    `<polygon points="0,0 1200,0 ${right},${back.y} ${back.x},${back.y}" fill="#e2d8c6"/>`,
    `<polygon points="0,800 1200,800 ${right},${bottom} ${back.x},${bottom}" fill="${floor}"/>`,
    `<polygon points="0,0 ${back.x},${back.y} ${back.x},${bottom} 0,800" fill="#e9e0d0"/>`,
    `<polygon points="1200,0 ${right},${back.y} ${right},${bottom} 1200,800" fill="#ddd2bf"/>`,
    `<rect x="${back.x}" y="${back.y}" width="${back.width}" height="${back.height}" fill="${wall}"/>`,
  ];
  // Floor boards converging on the back wall.
  for (let index = 1; index < 10; index += 1) {
    const x = (1200 * index) / 10;
    const bx = back.x + (back.width * index) / 10;
    parts.push(`<line x1="${x}" y1="800" x2="${bx}" y2="${bottom}" stroke="#00000022" stroke-width="2"/>`);
  }
  // Timber ceiling beams.
  for (let index = 1; index < 6; index += 1) {
    const t = index / 6;
    const y = back.y * t;
    const x1 = back.x * t;
    const x2 = 1200 - (1200 - right) * t;
    parts.push(
      `<line x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" stroke="${PALETTE.timber}" stroke-width="${14 * (1 - t) + 4}"/>`,
    );
  }
  // A large window on the back wall with the valley beyond.
  const win = { x: back.x + back.width * 0.18, y: back.y + 40, width: back.width * 0.64, height: back.height * 0.5 };
  parts.push(
    `<rect x="${win.x - 12}" y="${win.y - 12}" width="${win.width + 24}" height="${win.height + 24}" fill="${PALETTE.timber}"/>`,
  );
  parts.push(
    `<svg x="${win.x}" y="${win.y}" width="${win.width}" height="${win.height}" viewBox="0 0 1200 600" preserveAspectRatio="none"><rect width="1200" height="600" fill="${PALETTE.sky}"/>${mountains(rand, 600, 1200, PALETTE.mountain, 4, 400)}${mountains(rand, 600, 1200, PALETTE.pine, 5, 220)}</svg>`,
  );
  parts.push(
    `<line x1="${win.x + win.width / 2}" y1="${win.y}" x2="${win.x + win.width / 2}" y2="${win.y + win.height}" stroke="${PALETTE.timber}" stroke-width="8"/>`,
  );
  // Rug, sofa, low table, a pendant lamp and a painted band (the maroon frieze).
  parts.push(`<rect x="${back.x}" y="${back.y + 10}" width="${back.width}" height="14" fill="${PALETTE.maroon}"/>`);
  parts.push(
    `<ellipse cx="600" cy="${bottom + 150}" rx="330" ry="70" fill="${pick(rand, [PALETTE.maroon, PALETTE.ochre, PALETTE.slate])}" opacity="0.85"/>`,
  );
  const sofa = pick(rand, [PALETTE.slate, PALETTE.pine, '#8c5a3c']);
  parts.push(
    `<rect x="${back.x + 30}" y="${bottom - 60}" width="${back.width - 60}" height="90" rx="14" fill="${sofa}"/>`,
  );
  parts.push(
    `<rect x="${back.x + 10}" y="${bottom - 20}" width="${back.width - 20}" height="60" rx="14" fill="${sofa}" opacity="0.9"/>`,
  );
  parts.push(`<rect x="470" y="${bottom + 110}" width="260" height="30" fill="${PALETTE.timber}"/>`);
  parts.push(
    `<rect x="490" y="${bottom + 140}" width="16" height="40" fill="${PALETTE.timber}"/><rect x="694" y="${bottom + 140}" width="16" height="40" fill="${PALETTE.timber}"/>`,
  );
  const lampX = between(rand, 450, 750);
  parts.push(
    `<line x1="${lampX}" y1="0" x2="${lampX}" y2="150" stroke="${PALETTE.ink}" stroke-width="3"/><polygon points="${lampX - 40},190 ${lampX + 40},190 ${lampX + 18},150 ${lampX - 18},150" fill="${PALETTE.ochre}"/>`,
  );
  if (rand() < 0.6) {
    parts.push(
      `<rect x="70" y="260" width="150" height="200" fill="${PALETTE.cream}" stroke="${PALETTE.timber}" stroke-width="10"/><circle cx="145" cy="340" r="40" fill="${PALETTE.ochre}" opacity="0.7"/>`,
    );
  }
  return svg(1200, 800, parts.join(''));
}

function drawSite(rand: () => number): string {
  const parts: string[] = [`<rect width="1200" height="800" fill="#a9b98f"/>`];
  // Terraced fields follow the contours.
  for (let index = 0; index < 9; index += 1) {
    const y = 60 + index * 85 + between(rand, -10, 10);
    const wobble = between(rand, 20, 50);
    parts.push(
      `<path d="M0 ${y} C300 ${y - wobble} 600 ${y + wobble} 1200 ${y - wobble / 2} L1200 ${y + 60} C600 ${y + 60 + wobble} 300 ${y + 60 - wobble} 0 ${y + 60} Z" fill="${index % 2 ? '#b9c79c' : '#9fb07f'}" stroke="#7f9062" stroke-width="2"/>`,
    );
  }
  // The river.
  const riverX = between(rand, 150, 350);
  parts.push(
    `<path d="M${riverX} 0 C${riverX + 200} 200 ${riverX - 150} 450 ${riverX + 120} 800" stroke="#6f9fc0" stroke-width="${whole(rand, 40, 70)}" fill="none"/>`,
  );
  // Paths, buildings seen from above, and trees.
  parts.push(
    `<path d="M${riverX + 80} 800 Q700 500 1200 ${between(rand, 200, 400)}" stroke="#e9dcc0" stroke-width="16" fill="none" stroke-dasharray="2 0"/>`,
  );
  for (let index = 0; index < whole(rand, 4, 7); index += 1) {
    const x = between(rand, 520, 1060);
    const y = between(rand, 120, 640);
    const width = between(rand, 80, 160);
    const height = between(rand, 60, 110);
    parts.push(
      `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${pick(rand, [PALETTE.maroon, PALETTE.slate, '#6b7b52'])}" stroke="${PALETTE.whitewash}" stroke-width="6"/>`,
    );
    parts.push(
      `<line x1="${x}" y1="${y + height / 2}" x2="${x + width}" y2="${y + height / 2}" stroke="${PALETTE.whitewash}" stroke-width="3"/>`,
    );
  }
  for (let index = 0; index < 60; index += 1) {
    const x = between(rand, 0, 1200);
    const y = between(rand, 0, 800);
    const r = between(rand, 10, 24);
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${PALETTE.pine}" opacity="0.85"/><circle cx="${x - r / 3}" cy="${y - r / 3}" r="${r / 2.5}" fill="#4f7a4f" opacity="0.8"/>`,
    );
  }
  parts.push(
    `<g transform="translate(1120 700)"><circle r="30" fill="${PALETTE.whitewash}" opacity="0.85"/><polygon points="0,-24 10,12 0,5 -10,12" fill="${PALETTE.maroon}"/></g>`,
  );
  parts.push(
    `<rect x="40" y="730" width="200" height="10" fill="${PALETTE.ink}"/><rect x="40" y="730" width="100" height="10" fill="${PALETTE.whitewash}"/><text x="40" y="720" font-family="sans-serif" font-size="18" fill="${PALETTE.ink}">0      25      50 m</text>`,
  );
  return svg(1200, 800, parts.join(''));
}

const DRAWERS: Record<DrawingKind, (rand: () => number) => string> = {
  facade: drawFacade,
  plan: drawPlan,
  interior: drawInterior,
  site: drawSite,
};

/** A 1200×800 drawing of a project: an elevation, a plan, an interior or a site plan. */
export function drawProjectImage(kind: DrawingKind, seed: number): string {
  return DRAWERS[kind](seededRandom(seed));
}

/** Splits a name into at most `count` lines of similar length. */
function balanceLines(name: string, count: number): string[] {
  const words = name.split(' ');
  if (count === 1 || words.length === 1 || name.length <= 14) return [name];
  let best = [name];
  let bestWidth = name.length;
  for (let cut = 1; cut < words.length; cut += 1) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const width = Math.max(...lines.map((line) => line.length));
    if (width < bestWidth) {
      best = lines;
      bestWidth = width;
    }
  }
  return best;
}

/** A 600×300 client logo: a simple mark and the name. */
export function drawClientLogo(name: string, seed: number): string {
  const rand = seededRandom(seed);
  const colour = pick(rand, [PALETTE.maroon, PALETTE.pine, PALETTE.slate, PALETTE.ochre, '#2f4f6f']);
  const marks = [
    `<circle cx="110" cy="150" r="70" fill="${colour}"/><polygon points="110,95 160,185 60,185" fill="${PALETTE.whitewash}"/>`,
    `<rect x="50" y="90" width="120" height="120" rx="18" fill="${colour}"/><rect x="80" y="120" width="60" height="60" fill="${PALETTE.whitewash}"/>`,
    `<polygon points="110,70 190,150 110,230 30,150" fill="${colour}"/><circle cx="110" cy="150" r="28" fill="${PALETTE.whitewash}"/>`,
    `<rect x="50" y="90" width="120" height="28" fill="${colour}"/><rect x="50" y="136" width="120" height="28" fill="${colour}" opacity="0.75"/><rect x="50" y="182" width="120" height="28" fill="${colour}" opacity="0.5"/>`,
  ];
  const lines = balanceLines(name, 2);
  // Sized so the longest line fits the 360 px beside the mark (sans-serif bold is about 0.62 em a letter).
  const longest = Math.max(...lines.map((line) => line.length));
  const fontSize = Math.min(38, Math.floor(360 / (longest * 0.62)));
  const text = lines
    .map(
      (line, index) =>
        `<text x="215" y="${150 + (index - (lines.length - 1) / 2) * fontSize * 1.25 + fontSize * 0.35}" font-family="sans-serif" font-weight="bold" font-size="${fontSize}" fill="${PALETTE.ink}">${escapeXml(line)}</text>`,
    )
    .join('');
  return svg(600, 300, `<rect width="600" height="300" fill="#ffffff"/>${pick(rand, marks)}${text}`);
}

/** A 600×600 illustrated head-and-shoulders portrait. */
export function drawPortrait(name: string, seed: number): string {
  const rand = seededRandom(seed);
  const background = pick(rand, [PALETTE.cream, '#dfe7ea', '#e6dccb', '#dde5d3']);
  const skin = pick(rand, ['#c99a72', '#b5835e', '#d4a982', '#a8754f']);
  const hair = pick(rand, ['#1e1a17', '#2b2420', '#3a2e26']);
  const garment = pick(rand, [PALETTE.maroon, PALETTE.slate, PALETTE.pine, '#5b4a7a', PALETTE.ochre]);
  const collar = PALETTE.whitewash;
  const initials = name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);
  const longHair = rand() < 0.5;
  return svg(
    600,
    600,
    [
      `<rect width="600" height="600" fill="${background}"/>`,
      `<circle cx="300" cy="300" r="250" fill="#ffffff" opacity="0.35"/>`,
      longHair ? `<rect x="190" y="170" width="220" height="250" rx="100" fill="${hair}"/>` : '',
      `<path d="M90 600 C110 440 200 400 300 400 C400 400 490 440 510 600 Z" fill="${garment}"/>`,
      `<path d="M240 410 L300 520 L360 410 Z" fill="${collar}"/>`,
      `<rect x="268" y="330" width="64" height="90" rx="20" fill="${skin}"/>`,
      `<ellipse cx="300" cy="260" rx="92" ry="110" fill="${skin}"/>`,
      `<path d="M205 250 C205 150 395 150 395 250 C380 190 220 190 205 250 Z" fill="${hair}"/>`,
      `<ellipse cx="266" cy="270" rx="9" ry="6" fill="#2a211c"/><ellipse cx="334" cy="270" rx="9" ry="6" fill="#2a211c"/>`,
      `<path d="M276 318 Q300 334 324 318" stroke="#7a4a3a" stroke-width="5" fill="none" stroke-linecap="round"/>`,
      `<text x="540" y="570" font-family="sans-serif" font-size="28" fill="${PALETTE.ink}" opacity="0.5" text-anchor="end">${escapeXml(initials)}</text>`,
    ].join(''),
  );
}

/** The studio's 760×200 logo: a roof and window mark with the name. */
export function drawStudioLogo(): string {
  return svg(
    760,
    200,
    [
      `<rect width="760" height="200" fill="${PALETTE.whitewash}"/>`,
      `<polygon points="30,92 160,92 132,52 58,52" fill="${PALETTE.maroon}"/>`,
      `<rect x="48" y="92" width="94" height="70" fill="${PALETTE.cream}" stroke="${PALETTE.timber}" stroke-width="4"/>`,
      `<polygon points="74,150 116,150 110,112 80,112" fill="${PALETTE.timber}"/>`,
      `<rect x="86" y="30" width="18" height="22" fill="${PALETTE.ochre}"/>`,
      `<text x="185" y="105" font-family="serif" font-weight="bold" font-size="44" fill="${PALETTE.ink}">Druk Design &amp; Build</text>`,
      `<text x="188" y="145" font-family="sans-serif" font-size="17" letter-spacing="2" fill="${PALETTE.maroon}">ARCHITECTURE · INTERIORS · CONSTRUCTION</text>`,
    ].join(''),
  );
}
