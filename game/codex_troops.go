package game

import "pelennor/engine/rules"

// troops is what the codex says of an element's troops: the Third Age
// background its type matches and that background's typical kit.
type troops struct {
	Background string
	Kit        string
}

// troopsOf is PELENNOR.md §2's table of the Third Age backgrounds by
// HOTT type; the types that table leaves out (the beasts, the engines,
// the flying and holy) are given ours, in the same spirit (ruling H5).
var troopsOf = map[rules.Type]troops{
	rules.Knights:   {"Heavy Cavalry", "lance or sword, heavy shield, scale hauberk, closed helm, plate greaves and vambraces, barded warhorse"},
	rules.Riders:    {"Light Cavalry", "javelin, short bow or short spear, small shield, cuirboilli cuirass, open helm, riding horse"},
	rules.Blades:    {"Heavy Infantry", "sword, axe or mace, heavy shield, scale hauberk, closed helm"},
	rules.Spears:    {"Medium Infantry", "long spear, light or heavy shield, light scale hauberk, open helm"},
	rules.Shooters:  {"Light Infantry / archers", "short bow or longbow, light shield, leather byrnie, open helm"},
	rules.Warband:   {"Light Infantry (savage)", "short spear or axe, light shield, leather"},
	rules.Heroes:    {"a named hero of any background", "as the hero"},
	rules.Magicians: {"Mage", "staff, no armour"},
	// Ours: PELENNOR.md names no background for these.
	rules.Hordes:       {"Light Infantry (rabble)", "whatever comes to hand: club, knife or crude spear; rags and leather, no shield to speak of"},
	rules.Artillery:    {"Medium Infantry (engineers)", "a siege engine or great bow, its crew in leather with knives and hand axes"},
	rules.Sneakers:     {"Burglar", "dagger or short sword, no shield, dark leather, soft boots"},
	rules.Lurkers:      {"Woodsman", "axe, spear or bow, leather; the cover of the wild"},
	rules.Clerics:      {"Mage (priests)", "staff or mace, robes, perhaps a light shield"},
	rules.Beasts:       {"none: beasts of the wild", "fang, claw and hide"},
	rules.Behemoths:    {"none: great beasts and trolls", "tusk, club or bare strength; hide like armour"},
	rules.Paladins:     {"Heavy Infantry (champions)", "sword or great axe, heavy shield, chainmail, closed helm"},
	rules.Flyers:       {"Light Cavalry (riders of the air)", "spear or bow, leather, a winged mount"},
	rules.Airboats:     {"Miner (engineers of the air)", "the craft itself, its crew with crossbows and leather"},
	rules.AerialHeroes: {"a named hero on a winged mount", "as the hero"},
	rules.Dragons:      {"none: a dragon", "fire, claw and scales harder than any mail"},
	rules.Gods:         {"none: a power of the world", "no kit: its own might"},
	rules.Stronghold:   {"none: walls and gates", "stone, timber and the garrison behind them"},
}
