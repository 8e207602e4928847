use std::collections::HashMap;

pub struct Cache {
    items: HashMap<String, String>,
}

impl Cache {
    pub fn new() -> Self {
        Cache { items: HashMap::new() }
    }

    pub fn get(&self, key: &str) -> Option<&String> {
        self.items.get(key)
    }
}
