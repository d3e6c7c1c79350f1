package tournament

import "pelennor/record"

// Replayed is the result of a game verified by replaying its save
// (record.Verify): its sides' losses, generals, strongholds and the AP
// each began with (which bounds the AP a Pelennor side may lose, N19),
// marked as replayed, with the file's name (name, without its folder)
// and the record's digest.
// Every way a verified game is entered (hott tournament result --save,
// the club server, the game's tournament screens) takes it from here.
func Replayed(o record.Outcome, name string) Result {
	r := Result{Winner: o.Winner, Bounds: o.Bounds, TimeCalled: o.TimeCalled,
		Source: FromReplay, File: name, Digest: o.Digest}
	for s, side := range o.Sides {
		r.APLost[s], r.StartAP[s] = side.APLost, side.StartAP
		r.GeneralsLost[s], r.StrongholdTaken[s] = side.GeneralsLost, side.StrongholdTaken
	}
	return r
}
