//! `CHUHAN_LIGHT=lamp=6000,environment=250,bloom=0.06,tone=aces`: the high setting's light for
//! trying others in screenshots (any of the four; tone is `aces`, `tony`, `agx`, `filmic`,
//! `neutral` or `none`).

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::prelude::*;

use crate::view::light::Lighting;

pub(super) fn plugin(app: &mut App) {
    if let Ok(text) = std::env::var("CHUHAN_LIGHT") {
        match parse(&text) {
            Ok(lighting) => {
                info!("CHUHAN_LIGHT: {lighting:?}");
                app.insert_resource(lighting);
            }
            Err(e) => error!("CHUHAN_LIGHT: {e}"),
        }
    }
}

/// The lighting `text` sets, the rest as by default.
pub fn parse(text: &str) -> Result<Lighting, String> {
    let mut lighting = Lighting::default();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| format!("{item:?} is not key=value"))?;
        let number = || {
            value
                .parse::<f32>()
                .map_err(|e| format!("{key}: {value:?}: {e}"))
        };
        match key {
            "lamp" => lighting.lamp = number()?,
            "environment" => lighting.environment = number()?,
            "bloom" => lighting.bloom = number()?,
            "tone" => {
                lighting.tonemapping = match value {
                    "aces" => Tonemapping::AcesFitted,
                    "tony" => Tonemapping::TonyMcMapface,
                    "agx" => Tonemapping::AgX,
                    "filmic" => Tonemapping::BlenderFilmic,
                    "neutral" => Tonemapping::KhronosPbrNeutral,
                    "none" => Tonemapping::None,
                    other => return Err(format!("tone: {other:?} is not known")),
                }
            }
            other => return Err(format!("{other:?} is not lamp, environment, bloom or tone")),
        }
    }
    Ok(lighting)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn light_settings_parse_and_bad_ones_are_refused() {
        let l = parse("environment=250, tone=neutral").expect("parses");
        assert_eq!(l.environment, 250.0);
        assert_eq!(l.tonemapping, Tonemapping::KhronosPbrNeutral);
        assert_eq!(l.lamp, Lighting::default().lamp);
        assert!(parse("lamp=bright").is_err());
        assert!(parse("tone=sepia").is_err());
        assert!(parse("colour=1").is_err());
    }
}
