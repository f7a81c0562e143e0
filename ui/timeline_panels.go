package ui

import (
	"fmt"
	"strings"
)

// OpenPanels opens the panels named in list ("all", "none" or a comma list
// of panel names, case-insensitive) and folds the others (shot -panels).
func (u *UI) OpenPanels(list string) error {
	open := map[string]bool{}
	switch strings.ToLower(list) {
	case "all":
		for _, p := range u.panels {
			open[p.Name] = true
		}
	case "none":
	default:
		for _, n := range strings.Split(list, ",") {
			n = strings.TrimSpace(n)
			found := false
			for _, p := range u.panels {
				if strings.EqualFold(p.Name, n) {
					open[p.Name], found = true, true
				}
			}
			if !found {
				return fmt.Errorf("-panels: %q is not a panel (%s, all or none)", n, strings.Join(u.PanelNames(), ", "))
			}
		}
	}
	for i := range u.panels {
		p := &u.panels[i]
		p.Collapsed = !open[p.Name]
	}
	return nil
}

// PanelNames lists the panels in dock order.
func (u *UI) PanelNames() []string {
	var out []string
	for _, p := range u.panels {
		out = append(out, p.Name)
	}
	return out
}
