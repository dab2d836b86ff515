//! What a serde schema accepts, read from its `Deserialize` impl by a recording deserializer
//! (the idea of the serde-reflection crate, in a page).
//!
//! [`trace`] deserializes a type from a [`Tracer`], which answers every request with a
//! made-up value and writes down what was asked: a struct's name and field names (with their
//! aliases, as the derive lists them) and the shape of each field's value; an enum's name and
//! variant names, and each variant's content. An enum gives one variant per pass, so the
//! tracer runs pass after pass until every variant of every enum it met has been visited.
//! Nothing here knows our types: a field added to a config struct shows up in the trace
//! without anyone writing it down, which is what lets a test demand documentation for it.
//!
//! Limits: strings are answered with [`SAMPLE_STRING`] (a value must be accepted for the
//! trace to go on, and `ClassName` refuses every string but a cell class's name); a
//! `deserialize_any` (`ron::Value`) is answered with unit and traced as [`Shape::Any`]; a
//! recursive type would trace forever (our schemas have none).

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, IntoDeserializer, SeqAccess,
    VariantAccess, Visitor,
};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The string the tracer answers with: a cell class's name, the one string type that refuses
/// others (every other string and path accepts it).
pub const SAMPLE_STRING: &str = "two";

/// The shape of a value, as its `Deserialize` impl asked for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `bool`.
    Bool,
    /// An integer; `signed` for `i8..i64`.
    Int {
        /// Whether negative values are representable.
        signed: bool,
    },
    /// `f32` or `f64`.
    Real,
    /// A string (`String`, `PathBuf`, a type read from a string).
    Str,
    /// `Option<T>`.
    Option(Box<Shape>),
    /// A sequence (`Vec<T>`).
    Seq(Box<Shape>),
    /// A tuple.
    Tuple(Vec<Shape>),
    /// A struct or an enum, by the name serde gives it (a key of [`Schema::containers`]).
    Named(String),
    /// Anything (`deserialize_any`, e.g. `ron::Value`).
    Any,
    /// `()`.
    Unit,
}

/// What one variant of an enum holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantShape {
    /// Nothing: `RoundRobin`.
    Unit,
    /// One value: `Depth(4)`.
    Newtype(Shape),
    /// Several values: `Pair(1, 2)`.
    Tuple(Vec<Shape>),
    /// Named fields: `GameTime(base_ms: .., inc_ms: ..)`; the fields are the struct
    /// container `Enum::Variant`.
    Struct(String),
}

/// A struct (or an enum's struct variant) or an enum, as traced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Container {
    /// A struct.
    Struct {
        /// Every name the struct accepts for a field, aliases included, as the derive lists
        /// them (each field's names sorted, fields in declaration order).
        names: Vec<&'static str>,
        /// The shape of each deserialized field, in declaration order (one per field, so
        /// fewer than `names` when fields have aliases).
        shapes: Vec<Shape>,
    },
    /// An enum: its variants in declaration order, each with its content once visited.
    Enum {
        /// Variant names, aliases included.
        variants: Vec<&'static str>,
        /// What each visited variant holds.
        shapes: BTreeMap<&'static str, VariantShape>,
    },
}

/// Every container reached from a root type, by serde name (`Tournament`, `BoardSpec`,
/// `ParticipantEntry`, `ParticipantEntry::External`...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schema {
    /// The containers by name.
    pub containers: BTreeMap<String, Container>,
}

impl Schema {
    /// The names a struct accepts, or `None` if `name` is not a traced struct.
    pub fn struct_names(&self, name: &str) -> Option<&[&'static str]> {
        match self.containers.get(name)? {
            Container::Struct { names, .. } => Some(names),
            Container::Enum { .. } => None,
        }
    }
}

/// The trace's error: only a value the traced type refuses (see [`SAMPLE_STRING`]).
#[derive(Debug)]
pub struct TraceError(String);

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TraceError {}

impl de::Error for TraceError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        TraceError(msg.to_string())
    }
}

#[derive(Default)]
struct State {
    schema: Schema,
    /// Variants visited so far, by enum.
    visited: BTreeMap<&'static str, BTreeSet<usize>>,
    /// Whether this pass visited a variant for the first time.
    progress: bool,
}

/// Traces `T` from its `Deserialize` impl: every struct, enum and variant reachable from it.
pub fn trace<T: DeserializeOwned>() -> Result<Schema, TraceError> {
    let state = RefCell::new(State::default());
    loop {
        state.borrow_mut().progress = false;
        let mut shape = None;
        T::deserialize(Tracer {
            state: &state,
            shape: &mut shape,
        })?;
        if !state.borrow().progress {
            break;
        }
    }
    Ok(state.into_inner().schema)
}

/// The recording deserializer: it writes the shape it was asked for into `shape`.
pub struct Tracer<'s, 'o> {
    state: &'s RefCell<State>,
    shape: &'o mut Option<Shape>,
}

impl<'s> Tracer<'s, '_> {
    /// Deserializes one value with a fresh tracer and returns it with its shape.
    fn value<'de, S: DeserializeSeed<'de>>(
        state: &'s RefCell<State>,
        seed: S,
    ) -> Result<(S::Value, Shape), TraceError> {
        let mut shape = None;
        let value = seed.deserialize(Tracer {
            state,
            shape: &mut shape,
        })?;
        Ok((value, shape.unwrap_or(Shape::Unit)))
    }
}

/// Hands out `count` values (a struct's fields, a tuple's items, one element of a list),
/// collecting their shapes.
struct Items<'s> {
    state: &'s RefCell<State>,
    left: usize,
    shapes: Vec<Shape>,
}

impl<'de> SeqAccess<'de> for Items<'_> {
    type Error = TraceError;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, TraceError> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let (value, shape) = Tracer::value(self.state, seed)?;
        self.shapes.push(shape);
        Ok(Some(value))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// Visits `visitor` with `count` items and returns the value and the items' shapes.
fn visit_items<'de, V: Visitor<'de>>(
    state: &RefCell<State>,
    count: usize,
    visitor: V,
) -> Result<(V::Value, Vec<Shape>), TraceError> {
    let mut items = Items {
        state,
        left: count,
        shapes: Vec::new(),
    };
    let value = visitor.visit_seq(&mut items)?;
    Ok((value, items.shapes))
}

/// Visits a struct (or struct variant) named `name` as a sequence of its fields and records
/// its names and field shapes.
fn visit_struct<'de, V: Visitor<'de>>(
    state: &RefCell<State>,
    name: String,
    fields: &'static [&'static str],
    visitor: V,
) -> Result<V::Value, TraceError> {
    let (value, shapes) = visit_items(state, fields.len(), visitor)?;
    state.borrow_mut().schema.containers.insert(
        name,
        Container::Struct {
            names: fields.to_vec(),
            shapes,
        },
    );
    Ok(value)
}

macro_rules! leaf {
    ($($method:ident => $visit:ident($($value:expr)?), $shape:expr;)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, TraceError> {
                *self.shape = Some($shape);
                visitor.$visit($($value)?)
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for Tracer<'_, '_> {
    type Error = TraceError;

    leaf! {
        deserialize_bool => visit_bool(false), Shape::Bool;
        deserialize_i8 => visit_i8(0), Shape::Int { signed: true };
        deserialize_i16 => visit_i16(0), Shape::Int { signed: true };
        deserialize_i32 => visit_i32(0), Shape::Int { signed: true };
        deserialize_i64 => visit_i64(0), Shape::Int { signed: true };
        deserialize_u8 => visit_u8(0), Shape::Int { signed: false };
        deserialize_u16 => visit_u16(0), Shape::Int { signed: false };
        deserialize_u32 => visit_u32(0), Shape::Int { signed: false };
        deserialize_u64 => visit_u64(0), Shape::Int { signed: false };
        deserialize_f32 => visit_f32(0.0), Shape::Real;
        deserialize_f64 => visit_f64(0.0), Shape::Real;
        deserialize_char => visit_char('x'), Shape::Str;
        deserialize_str => visit_str(SAMPLE_STRING), Shape::Str;
        deserialize_string => visit_str(SAMPLE_STRING), Shape::Str;
        deserialize_identifier => visit_str(SAMPLE_STRING), Shape::Str;
        deserialize_bytes => visit_bytes(&[]), Shape::Str;
        deserialize_byte_buf => visit_bytes(&[]), Shape::Str;
        deserialize_unit => visit_unit(), Shape::Unit;
        deserialize_ignored_any => visit_unit(), Shape::Unit;
        deserialize_any => visit_unit(), Shape::Any;
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, TraceError> {
        let mut inner = None;
        let value = visitor.visit_some(Tracer {
            state: self.state,
            shape: &mut inner,
        })?;
        *self.shape = Some(Shape::Option(Box::new(inner.unwrap_or(Shape::Unit))));
        Ok(value)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, TraceError> {
        *self.shape = Some(Shape::Unit);
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, TraceError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, TraceError> {
        let (value, shapes) = visit_items(self.state, 1, visitor)?;
        let element = shapes.into_iter().next().unwrap_or(Shape::Unit);
        *self.shape = Some(Shape::Seq(Box::new(element)));
        Ok(value)
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, TraceError> {
        let (value, shapes) = visit_items(self.state, len, visitor)?;
        *self.shape = Some(Shape::Tuple(shapes));
        Ok(value)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, TraceError> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, TraceError> {
        // No config holds a map; a struct with `flatten` would come here and needs keys.
        Err(TraceError(
            "a map (or a flattened struct) is not traced".into(),
        ))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, TraceError> {
        *self.shape = Some(Shape::Named(name.to_string()));
        visit_struct(self.state, name.to_string(), fields, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, TraceError> {
        *self.shape = Some(Shape::Named(name.to_string()));
        let index = {
            let mut state = self.state.borrow_mut();
            let entry = state
                .schema
                .containers
                .entry(name.to_string())
                .or_insert_with(|| Container::Enum {
                    variants: variants.to_vec(),
                    shapes: BTreeMap::new(),
                });
            debug_assert!(matches!(entry, Container::Enum { .. }));
            let visited = state.visited.entry(name).or_default();
            match (0..variants.len()).find(|i| !visited.contains(i)) {
                Some(i) => {
                    visited.insert(i);
                    state.progress = true;
                    i
                }
                None => 0,
            }
        };
        visitor.visit_enum(Variant {
            state: self.state,
            enum_name: name,
            variant: variants[index],
        })
    }
}

/// One variant of an enum being visited.
struct Variant<'s> {
    state: &'s RefCell<State>,
    enum_name: &'static str,
    variant: &'static str,
}

impl Variant<'_> {
    fn record(&self, shape: VariantShape) {
        if let Some(Container::Enum { shapes, .. }) = self
            .state
            .borrow_mut()
            .schema
            .containers
            .get_mut(self.enum_name)
        {
            shapes.insert(self.variant, shape);
        }
    }
}

impl<'de, 's> EnumAccess<'de> for Variant<'s> {
    type Error = TraceError;
    type Variant = Variant<'s>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Variant<'s>), TraceError> {
        let name: de::value::StrDeserializer<'_, TraceError> = self.variant.into_deserializer();
        Ok((seed.deserialize(name)?, self))
    }
}

impl<'de> VariantAccess<'de> for Variant<'_> {
    type Error = TraceError;

    fn unit_variant(self) -> Result<(), TraceError> {
        self.record(VariantShape::Unit);
        Ok(())
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<S::Value, TraceError> {
        let (value, shape) = Tracer::value(self.state, seed)?;
        self.record(VariantShape::Newtype(shape));
        Ok(value)
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, TraceError> {
        let (value, shapes) = visit_items(self.state, len, visitor)?;
        self.record(VariantShape::Tuple(shapes));
        Ok(value)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, TraceError> {
        let name = format!("{}::{}", self.enum_name, self.variant);
        let value = visit_struct(self.state, name.clone(), fields, visitor)?;
        self.record(VariantShape::Struct(name));
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(rename = "Root")]
    #[allow(dead_code)]
    struct Root {
        a: u32,
        #[serde(alias = "bee")]
        b: Option<Vec<(i32, String)>>,
        kind: Kind,
        #[serde(skip)]
        hidden: bool,
    }

    #[derive(Deserialize)]
    #[allow(dead_code)]
    enum Kind {
        Plain,
        Depth(f64),
        Clock { base: u64, inc: bool },
    }

    #[test]
    fn structs_enums_aliases_and_every_variant_are_traced() {
        let schema = trace::<Root>().unwrap();
        assert_eq!(
            schema.containers["Root"],
            Container::Struct {
                names: vec!["a", "b", "bee", "kind"],
                shapes: vec![
                    Shape::Int { signed: false },
                    Shape::Option(Box::new(Shape::Seq(Box::new(Shape::Tuple(vec![
                        Shape::Int { signed: true },
                        Shape::Str
                    ]))))),
                    Shape::Named("Kind".into()),
                ],
            }
        );
        let Container::Enum { variants, shapes } = &schema.containers["Kind"] else {
            panic!("Kind is an enum");
        };
        assert_eq!(variants, &["Plain", "Depth", "Clock"]);
        assert_eq!(shapes["Plain"], VariantShape::Unit);
        assert_eq!(shapes["Depth"], VariantShape::Newtype(Shape::Real));
        assert_eq!(shapes["Clock"], VariantShape::Struct("Kind::Clock".into()));
        assert_eq!(
            schema.struct_names("Kind::Clock"),
            Some(&["base", "inc"][..])
        );
    }
}
